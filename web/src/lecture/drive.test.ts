// "Add slide" (issue 27 #4) writes the app's state as a slide: its scenario, position and
// selection — or, while a Compare preset is open as it came, the preset as the slide's action.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { freshStore } from '../store/storeFixture';
import { slideFromApp } from './drive';
import { scenariosOf, validateLecture } from './format';

beforeAll(() => loadEngineNode());

const lectureOf = (slide: object) =>
  validateLecture({ version: 1, title: 'T', source: 'seed 000', slides: [slide] });

describe('Add slide', () => {
  it('takes an open Compare preset as the slide’s compare action at this position', async () => {
    const store = freshStore();
    store.getState().loadPreset('table6');
    await store.getState().seek(300);
    const slide = slideFromApp(store, 'side by side');
    expect(slide).toEqual({
      text: 'side by side',
      action: { compare: 'table6' },
      position: { access: 300 },
    });
    expect(scenariosOf(lectureOf(slide!))).toEqual(['seed000-8.0-test1']);
    // back to A alone: the slide is A's scenario again
    store.getState().stopCompare();
    const plain = slideFromApp(store, 'alone');
    expect(plain?.scenario).toBe('seed000-8.0-test1');
    expect(plain?.action).toBeUndefined();
  });
});
