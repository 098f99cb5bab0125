import { describe, expect, it } from 'vitest';
import {
  compareOf,
  LECTURE_LIMITS,
  LectureError,
  parseLecture,
  scenariosOf,
  sweepOf,
  targetOf,
  validateLecture,
} from './format';

const ok = () => ({
  version: 1,
  title: 'T',
  source: 'seed 000',
  slides: [
    { text: 'first {{DEFAULT.hit_ratio|pct}}', scenario: 'a', position: { execution: 3 } },
    { text: 'second', action: { play: 'end' }, highlight: { chain: 4 } },
  ],
});

/** The path of the error `value` is refused with. */
function pathOf(value: unknown, bundled = ['a', 'b']): string {
  try {
    validateLecture(value, bundled);
  } catch (e) {
    expect(e).toBeInstanceOf(LectureError);
    return (e as LectureError).path;
  }
  throw new Error('accepted');
}

const edit = (f: (l: ReturnType<typeof ok>) => void) => {
  const l = ok();
  f(l);
  return l;
};

describe('lecture validation', () => {
  it('accepts a lecture, and names each slide’s scenario (the previous one when omitted)', () => {
    const l = validateLecture(ok(), ['a']);
    expect(scenariosOf(l)).toEqual(['a', 'a']);
  });

  it('names the field of every problem by its path', () => {
    expect(pathOf('x')).toBe('');
    expect(pathOf(edit((l) => ((l as { version: number }).version = 2)))).toBe('version');
    expect(pathOf(edit((l) => ((l as { title: string }).title = '')))).toBe('title');
    expect(pathOf(edit((l) => delete (l as Partial<typeof l>).source))).toBe('source');
    expect(pathOf(edit((l) => ((l as { extra?: number }).extra = 1)))).toBe('extra');
    expect(pathOf(edit((l) => (l.slides = [])))).toBe('slides');
    expect(pathOf(edit((l) => (l.slides[1].text = ' ')))).toBe('slides[1].text');
    expect(pathOf(edit((l) => (l.slides[1].text = 'a {{DEFAULT.x|bogus}}')))).toBe(
      'slides[1].text',
    );
    expect(pathOf(edit((l) => (l.slides[1].text = 'a {{DEFAULT.x')))).toBe('slides[1].text');
    expect(pathOf(edit((l) => delete (l.slides[0] as { scenario?: string }).scenario))).toBe(
      'slides[0].scenario',
    );
    expect(pathOf(edit((l) => (l.slides[0].scenario = 'zz')))).toBe('slides[0].scenario');
    expect(
      pathOf(edit((l) => ((l.slides[0] as { scenario: unknown }).scenario = { bundled: 'zz' }))),
    ).toBe('slides[0].scenario.bundled');
    expect(
      pathOf(
        edit((l) => ((l.slides[0] as { scenario: unknown }).scenario = { bundled: 'a', edits: 3 })),
      ),
    ).toBe('slides[0].scenario.edits');
    expect(pathOf(edit((l) => (l.slides[0].position = { execution: -1 })))).toBe(
      'slides[0].position.execution',
    );
    expect(
      pathOf(edit((l) => ((l.slides[0] as { position: unknown }).position = { seconds: 3 }))),
    ).toBe('slides[0].position');
    expect(
      pathOf(edit((l) => ((l.slides[1] as { action: unknown }).action = { play: 'middle' }))),
    ).toBe('slides[1].action.play');
    expect(
      pathOf(edit((l) => ((l.slides[1] as { action: unknown }).action = { jump: 'end' }))),
    ).toBe('slides[1].action.jump');
    expect(pathOf(edit((l) => ((l.slides[1] as { position: unknown }).position = 'end')))).toBe(
      'slides[1].action.play',
    );
    expect(
      pathOf(edit((l) => ((l.slides[1] as { highlight: unknown }).highlight = { chain: 'x' }))),
    ).toBe('slides[1].highlight.chain');
    expect(
      pathOf(
        edit(
          (l) => ((l.slides[1] as { highlight: unknown }).highlight = { buffer: { segment: 'T' } }),
        ),
      ),
    ).toBe('slides[1].highlight.buffer.block');
    expect(
      pathOf(
        edit((l) => ((l.slides[1] as { highlight: unknown }).highlight = { statistic: 'a b' })),
      ),
    ).toBe('slides[1].highlight.statistic');
    expect(pathOf(edit((l) => ((l.slides[1] as { note?: string }).note = 'x')))).toBe(
      'slides[1].note',
    );
  });

  it('reads the sweep and compare actions and the chart point highlight, naming a bad field', () => {
    const sweep = { param: 'db_block_buffers', from: 100, to: 1000, steps: 10 };
    const withAction = (action: unknown, slide: Record<string, unknown> = {}) =>
      edit((l) => Object.assign(l.slides[1], { action, ...slide }));
    const l = validateLecture(
      withAction(
        { sweep },
        { position: 'end', highlight: { point: { chart: 'sweep', value: 500 } } },
      ),
      ['a'],
    );
    expect(sweepOf(l.slides[1])).toEqual(sweep);
    expect(targetOf(l.slides[1])).toBe('end');
    expect(pathOf(withAction({ sweep: { ...sweep, steps: 1 } }))).toBe(
      'slides[1].action.sweep.steps',
    );
    expect(pathOf(withAction({ sweep: { ...sweep, steps: 101 } }))).toBe(
      'slides[1].action.sweep.steps',
    );
    expect(pathOf(withAction({ sweep: { ...sweep, to: 50 } }))).toBe('slides[1].action.sweep.to');
    expect(pathOf(withAction({ sweep: { ...sweep, from: '1' } }))).toBe(
      'slides[1].action.sweep.from',
    );
    expect(pathOf(withAction({ sweep: { ...sweep, param: '' } }))).toBe(
      'slides[1].action.sweep.param',
    );
    expect(pathOf(withAction({ sweep: { ...sweep, by: 2 } }))).toBe('slides[1].action.sweep.by');
    expect(pathOf(withAction({ sweep, play: 'end' }))).toBe('slides[1].action');

    // compare: a preset of the Compare menu; the slide stands in its A (named, or left out)
    const c = validateLecture(withAction({ compare: 'table6' }, { position: 'end' }), ['a']);
    expect(compareOf(c.slides[1])).toBe('table6');
    expect(scenariosOf(c)).toEqual(['a', 'seed000-8.0-test1']);
    const first = validateLecture(
      { ...ok(), slides: [{ text: 'side by side', action: { compare: 'table9' } }] },
      ['a'],
    );
    expect(scenariosOf(first)).toEqual(['seed000-8i-hot0']);
    expect(pathOf(withAction({ compare: 'table7' }))).toBe('slides[1].action.compare');
    expect(pathOf(withAction({ compare: 'table6' }, { scenario: 'b' }))).toBe(
      'slides[1].action.compare',
    );

    const point = (p: unknown) =>
      edit((x) => ((x.slides[1] as { highlight: unknown }).highlight = { point: p }));
    expect(pathOf(point({ chart: 'mrc', value: 1 }))).toBe('slides[1].highlight.point.chart');
    expect(pathOf(point({ chart: 'sweep', value: 'x' }))).toBe('slides[1].highlight.point.value');
    expect(pathOf(point({ chart: 'sweep', value: 1, line: 2 }))).toBe(
      'slides[1].highlight.point.line',
    );
  });

  it('keeps a slide’s exercise question, and names a bad field of it', () => {
    const q = { kind: 'exercise', seed: 25, index: 3 };
    const withQ = (v: unknown) =>
      edit((x) => ((x.slides[1] as { question?: unknown }).question = v));
    expect(validateLecture(withQ(q), ['a']).slides[1].question).toEqual(q);
    expect(pathOf(withQ('q'))).toBe('slides[1].question');
    expect(pathOf(withQ({}))).toBe('slides[1].question.kind');
    expect(pathOf(withQ({ kind: 'predict', seed: 1, index: 0 }))).toBe('slides[1].question.kind');
    expect(pathOf(withQ({ kind: 'exercise', seed: -1, index: 0 }))).toBe('slides[1].question.seed');
    expect(pathOf(withQ({ kind: 'exercise', seed: 1, index: 0.5 }))).toBe(
      'slides[1].question.index',
    );
  });

  it('reads a lecture’s text; bad JSON is an error of the whole document', () => {
    expect(parseLecture('\uFEFF' + JSON.stringify(ok()), ['a']).title).toBe('T');
    expect(() => parseLecture('{', ['a'])).toThrow(/not valid JSON/);
  });

  it('checks a scenario name only against the bundled names it is given', () => {
    expect(() => validateLecture(edit((l) => (l.slides[0].scenario = 'zz')))).not.toThrow();
  });

  it('bounds a lecture: slides, a slide’s text and placeholders, title, source, document', () => {
    // issue 44: 20,000 slides, or one slide of 100,000 placeholders, took the CLI past 20 s
    const slides = (n: number) =>
      edit((l) => {
        for (let k = l.slides.length; k < n; k++) l.slides.push({ text: `slide ${k}` } as never);
      });
    expect(validateLecture(slides(LECTURE_LIMITS.slides), ['a']).slides).toHaveLength(200);
    expect(pathOf(slides(LECTURE_LIMITS.slides + 1))).toBe('slides');
    expect(() => validateLecture(slides(20_000), ['a'])).toThrow(
      /^slides: has 20,000 slides; a lecture may have at most 200/,
    );
    const text = (t: string) => edit((l) => (l.slides[1].text = t));
    const figures = (n: number) => text('{{accesses}} '.repeat(n));
    expect(() => validateLecture(figures(LECTURE_LIMITS.placeholders), ['a'])).not.toThrow();
    expect(() => validateLecture(figures(LECTURE_LIMITS.placeholders + 1), ['a'])).toThrow(
      /^slides\[1\]\.text: has 101 placeholders; a slide may have at most 100/,
    );
    // 100,000 placeholders are refused by the text's length before any is read
    expect(() => validateLecture(figures(100_000), ['a'])).toThrow(
      /^slides\[1\]\.text: is 1,300,000 characters long; at most 10,000/,
    );
    expect(() => validateLecture(text('x'.repeat(LECTURE_LIMITS.text)), ['a'])).not.toThrow();
    expect(pathOf(text('x'.repeat(LECTURE_LIMITS.text + 1)))).toBe('slides[1].text');
    expect(pathOf(edit((l) => (l.title = 't'.repeat(201))))).toBe('title');
    expect(pathOf(edit((l) => (l.source = 's'.repeat(2001))))).toBe('source');
    expect(pathOf({ ...ok(), description: 'd'.repeat(10_001) })).toBe('description');
    const big = JSON.stringify({ ...ok(), description: ' '.repeat(LECTURE_LIMITS.document) });
    expect(() => parseLecture(big, ['a'])).toThrow(
      /characters of JSON; a lecture may have at most 2,000,000/,
    );
  });
});
