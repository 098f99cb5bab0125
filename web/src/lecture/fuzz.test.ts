// Lecture documents as a fuzz surface (issue 44), with fast-check like ../sim/fuzz.test.ts:
// generated lecture JSON, near the format and far from it, through the lecture validator. Each
// one is accepted, within LECTURE_LIMITS, or refused with a LectureError naming a field —
// never a throw of another kind; an accepted one round-trips through its address (the query,
// or this tab when too long for a link). Bounded time: the limits bound the work, and a case
// that hung would meet Vitest's timeout (a hang guard, not a target). FUZZ_CASES sets the
// number of cases per property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LECTURE_LIMITS,
  LectureError,
  parseLecture,
  validateLecture,
  type Lecture,
} from './format';
import { LECTURE_LINK_MAX, lectureAddress, readLectureParam } from './lectureLink';

const CASES = Number(process.env.FUZZ_CASES) || 100;
const NAMES = ['seed000-8.0-test1', 'seed001-8.1.6-test1', 'policy-loop'];

/** Text with placeholders, good and bad, from none to past the limits. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'At {{DEFAULT.hit_ratio|pct}}',
    '{{accesses}}',
    '{{run(seed000-8.0-test1).DEFAULT.physical_reads}}',
    '{{step(2).elapsed_s|dp1}}',
    '{{DEFAULT.hit_ratio|bogus}}',
    '{{',
    '{{}}',
    '{{a..b}}',
    '   ',
  ),
  fc
    .tuple(
      fc.constantFrom('{{accesses}} ', 'x', '{{DEFAULT.physical_reads}}'),
      fc.integer({ min: 0, max: 12_000 }),
    )
    .map(([piece, n]) => piece.repeat(Math.ceil(n / piece.length))),
);

const position = fc.oneof(
  fc.constantFrom('start', 'end', 'middle', 3, null),
  fc.record({ access: fc.integer({ min: -2, max: 1e6 }) }),
  fc.record({ execution: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.double()) }),
  fc.record({ statement: fc.nat(20), step: fc.nat(5) }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.anything(), { maxKeys: 2 }),
);

const scenario = fc.oneof(
  fc.constantFrom(...NAMES, 'zz', ''),
  fc.record({ bundled: fc.constantFrom(...NAMES, 'zz'), edits: fc.constantFrom({}, [], 1) }),
  fc.constant({ version: 1, title: 't', profile: '8.0', workload: { kind: 'random' } }),
  fc.anything(),
);

const wild = fc.record(
  {
    text,
    scenario,
    position,
    action: fc.oneof(
      fc.record({ play: position }),
      fc.record({
        sweep: fc.record({
          param: fc.constantFrom('db_block_buffers', '', 'workload.accesses'),
          from: fc.integer({ min: -5, max: 100 }),
          to: fc.integer({ min: -5, max: 200 }),
          steps: fc.integer({ min: 0, max: 120 }),
        }),
      }),
      fc.record({ compare: fc.constantFrom('table6', 'nope', 3) }),
      fc.anything(),
    ),
    highlight: fc.oneof(
      fc.record({ chain: fc.integer({ min: -1, max: 9 }) }),
      fc.record({ buffer: fc.record({ segment: fc.string(), block: fc.nat(9) }) }),
      fc.record({ statistic: fc.constantFrom('DEFAULT.physical_reads', '{{', 'a b') }),
      fc.record({ narration: fc.constantFrom(true, false) }),
      fc.record({
        point: fc.record({ chart: fc.constantFrom('sweep', 'mrc'), value: fc.double() }),
      }),
    ),
    question: fc.oneof(
      fc.record({ kind: fc.constantFrom('exercise', 'quiz'), seed: fc.nat(), index: fc.nat(9) }),
      fc.anything(),
    ),
    extra: fc.anything(),
  },
  { requiredKeys: ['text'] },
);

/** A slide the format takes, but for its size (its text may pass the limits). */
const good = fc.record(
  {
    text: fc.oneof(
      {
        arbitrary: fc.constantFrom(
          'At {{DEFAULT.hit_ratio|pct}}',
          'Plain **text**.',
          '{{accesses}} reads',
        ),
        weight: 3,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom('{{accesses}} ', 'word '), fc.integer({ min: 1, max: 12_000 }))
          .map(([piece, n]) => piece.repeat(Math.ceil(n / piece.length))),
        weight: 1,
      },
    ),
    position: fc.oneof(
      fc.constantFrom('start', 'end'),
      fc.record({ access: fc.nat(1e6) }),
      fc.record({ step: fc.nat(9) }),
    ),
    highlight: fc.oneof(
      fc.record({ chain: fc.nat(9) }),
      fc.record({ narration: fc.constant(true) }),
    ),
  },
  { requiredKeys: ['text'] },
);

const slide = fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: wild, weight: 1 });

/** A lecture: its first slide, then one slide repeated from none to past the limit. */
const lecture = fc
  .record(
    {
      version: fc.constantFrom(1, 1, 1, 1, 1, 2, '1'),
      title: fc.oneof(
        { arbitrary: fc.constant('A lecture'), weight: 6 },
        { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
        { arbitrary: fc.constant('t'.repeat(201)), weight: 1 },
        { arbitrary: fc.nat(), weight: 1 },
      ),
      source: fc.oneof(
        { arbitrary: fc.constant('seed 000'), weight: 6 },
        { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
      ),
      description: fc.oneof(
        { arbitrary: fc.string(), weight: 4 },
        { arbitrary: fc.constant('d'.repeat(10_001)), weight: 1 },
        { arbitrary: fc.constant(null), weight: 1 },
      ),
      first: slide,
      more: slide,
      count: fc.oneof(fc.nat(5), fc.integer({ min: 190, max: 260 })),
    },
    { requiredKeys: ['version', 'title', 'source', 'first', 'more', 'count'] },
  )
  .map(({ first, more, count, ...head }) => ({
    ...head,
    slides: [{ scenario: NAMES[0], ...first }, ...Array.from({ length: count }, () => more)],
  }));

/** Accepted (within the limits), or a LectureError naming a field; nothing else. */
function check(value: unknown): Lecture | null {
  try {
    const l = validateLecture(value, NAMES);
    expect(l.slides.length).toBeLessThanOrEqual(LECTURE_LIMITS.slides);
    for (const s of l.slides) expect(s.text.length).toBeLessThanOrEqual(LECTURE_LIMITS.text);
    return l;
  } catch (e) {
    if (!(e instanceof LectureError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.message.startsWith(e.path ? `${e.path}: ` : '')).toBe(true);
    return null;
  }
}

describe('lecture documents (fuzz)', () => {
  it('generated lectures are accepted within the limits or refused by a field', () => {
    let accepted = 0;
    fc.assert(
      fc.property(lecture, (value) => {
        if (check(value)) accepted++;
      }),
      { numRuns: CASES, seed: 44 },
    );
    // the generator reaches both sides
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  });

  it('any JSON value, as a document or as text, is accepted or refused by a field', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json()), (value) => {
        check(value);
        const json = typeof value === 'string' ? value : JSON.stringify(value);
        try {
          parseLecture(json ?? '', NAMES);
        } catch (e) {
          if (!(e instanceof LectureError)) throw e;
        }
      }),
      { numRuns: CASES, seed: 45 },
    );
  });

  it('an accepted lecture comes back whole from its address, which a server takes', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    let opened = 0;
    fc.assert(
      fc.property(lecture, fc.nat(300), (value, slide) => {
        const l = check(value);
        if (!l) return;
        opened++;
        const a = lectureAddress('https://example.org/sim/', { lecture: l }, slide, storage);
        const u = new URL(a.url);
        expect(u.pathname.length + u.search.length).toBeLessThanOrEqual(LECTURE_LINK_MAX);
        const back = readLectureParam(u.search, NAMES, storage);
        expect(back).toEqual({ kind: 'inline', lecture: l, slide });
      }),
      { numRuns: Math.ceil(CASES / 4), seed: 46 },
    );
    expect(opened).toBeGreaterThan(0);
  });
});
