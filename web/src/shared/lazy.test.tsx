// A part whose code was preloaded renders it at once, with no Suspense round (issue 26 #12:
// opening a compare preset waited on a revealed fallback).
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { part } from './lazy';

const Hello = () => <b>hello</b>;

describe('part', () => {
  it('shows its fallback until its code is in, then the component itself', async () => {
    let loads = 0;
    const Part = part(
      async () => {
        loads++;
        return { Hello };
      },
      'Hello',
      <i>loading</i>,
    );
    expect(renderToString(<Part />)).toContain('loading');
    await Part.preload();
    await Part.preload();
    const html = renderToString(<Part />);
    expect(html).toContain('<b>hello</b>');
    expect(html).not.toContain('loading');
    expect(loads).toBe(1);
  });
});
