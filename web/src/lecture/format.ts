// A lecture (issue 27): a title and a sequence of slides, each an explained moment of the
// simulation — VisuAlgo's e-Lecture mode. One JSON document, versioned and checked here the
// way a scenario is (the engine's `validateScenario`): every problem names its field by path
// (`slides[2].position.execution`). Shared by the page and the headless `scripts/lecture.ts`.
import type { Scenario } from '../sim/engine';
import { MAX_STEPS, type SweepSpec } from '../sizing/spec';
import { presetOf } from '../store/compare';
import { parsePlaceholders } from './placeholders';

export const LECTURE_VERSION = 1;

/**
 * How large a lecture may be. Each slide is a run of its scenario to its position and each
 * placeholder a figure of it, so the work of showing (or `npm run -s lecture`) grows with
 * them: 20,000 slides, or one slide of 100,000 placeholders, took the CLI past 20 s (issue
 * 44). The bundled lectures have at most 14 slides, 15 placeholders and 851 characters a
 * slide; these limits leave a long course lecture ten times that.
 */
export const LECTURE_LIMITS = {
  /** Slides of a lecture. */
  slides: 200,
  /** Characters of a slide's text. */
  text: 10_000,
  /** `{{…}}` placeholders of one slide. */
  placeholders: 100,
  /** Characters of the title, the source and the description. */
  title: 200,
  source: 2_000,
  description: 10_000,
  /** Characters of a lecture's JSON document (inline scenarios included). */
  document: 2_000_000,
} as const;

/**
 * Where a slide stands in its run. `access`: that many positions (accesses of a buffer cache
 * run, statement phases of a library cache run); `execution` / `statement`: that many whole
 * executions or statements (the playback's larger step); `step`: the end of a script's N-th
 * step, counted from 1 as the page numbers them; `start` / `end` of the run.
 */
export type Position =
  | 'start'
  | 'end'
  | { access: number }
  | { execution: number }
  | { statement: number }
  | { step: number };

/** A sweep as the Sizing panel runs it: `param` from `from` to `to` in `steps` runs. */
export type SweepAction = SweepSpec;

/**
 * What a slide does. `play`: play (animated) from the slide before's position to this one
 * (instead of a `position`). `sweep`: run that sweep of the slide's scenario in the Sizing
 * panel. `compare`: open that Compare preset (../store/compare COMPARE_PRESETS), both runs at
 * the slide's position; the slide's scenario is the preset's A.
 */
export type Action = { play: Position } | { sweep: SweepAction } | { compare: string };

/** A chart a slide can point into (`highlight.point`). */
export const POINT_CHARTS = ['sweep'] as const;

/** What a slide points at. */
export type Highlight =
  /** A buffer, by the block it holds: segment name and block number within the segment. */
  | { buffer: { segment: string; block: number } }
  /** A hash chain (buffer cache) or library cache hash bucket. */
  | { chain: number }
  /** A statistic row, named as a placeholder names it (`DEFAULT.physical_reads`). */
  | { statistic: string }
  /** The newest line of the narration. */
  | { narration: true }
  /** A point of a chart, by its x value: `sweep` is the Sizing panel's (the parameter's value). */
  | { point: { chart: (typeof POINT_CHARTS)[number]; value: number } };

/** A slide's scenario: a bundled one by name, or one inline; `edits` merged over it. */
export type SlideScenario =
  string | { bundled: string; edits?: Record<string, unknown> } | Scenario;

export interface Slide {
  /** Markdown; numbers only as `{{…}}` placeholders (./placeholders). */
  text: string;
  /** Defaults to the previous slide's (the first slide must name one). */
  scenario?: SlideScenario;
  position?: Position;
  action?: Action;
  highlight?: Highlight;
  /**
   * A predict-then-check question (web/src/exercise/, issue 27 #3): `{kind: 'exercise', seed,
   * index}` shows question `index` (from 0) of the generated exercise `seed` under the text.
   */
  question?: Question;
}

export interface Question {
  kind: string;
  [field: string]: unknown;
}

export interface Lecture {
  version: 1;
  title: string;
  /** Where the lecture's story comes from: the seed document, its author, its tables. */
  source: string;
  description?: string;
  slides: Slide[];
}

/** A lecture the checks refused: `path` is the field (`slides[3].text`). */
export class LectureError extends Error {
  readonly path: string;
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(path ? `${path}: ${detail}` : detail);
    this.name = 'LectureError';
    this.path = path;
    this.detail = detail;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const POSITION_KEYS = ['access', 'execution', 'statement', 'step'] as const;

function checkKeys(v: Record<string, unknown>, allowed: readonly string[], path: string): void {
  for (const k of Object.keys(v))
    if (!allowed.includes(k))
      throw new LectureError(
        path ? `${path}.${k}` : k,
        `unknown field (expected one of ${allowed.join(', ')})`,
      );
}

function checkLength(text: string, max: number, path: string): void {
  if (text.length > max)
    throw new LectureError(
      path,
      `is ${text.length.toLocaleString('en')} characters long; at most ` +
        `${max.toLocaleString('en')}`,
    );
}

function checkPosition(v: unknown, path: string): void {
  if (v === 'start' || v === 'end') return;
  if (!isRecord(v))
    throw new LectureError(
      path,
      'must be "start", "end" or one of {access|execution|statement|step: N}',
    );
  const keys = Object.keys(v);
  if (keys.length !== 1 || !POSITION_KEYS.includes(keys[0] as (typeof POSITION_KEYS)[number]))
    throw new LectureError(path, `must have exactly one of ${POSITION_KEYS.join(', ')}`);
  const n = v[keys[0]];
  if (!isCount(n)) throw new LectureError(`${path}.${keys[0]}`, 'must be a whole number ≥ 0');
}

function checkScenario(v: unknown, path: string, bundled: ReadonlySet<string> | null): void {
  if (typeof v === 'string') {
    if (bundled && !bundled.has(v))
      throw new LectureError(path, `no bundled scenario is called "${v}"`);
    return;
  }
  if (!isRecord(v)) throw new LectureError(path, 'must be a bundled scenario name or a scenario');
  if ('bundled' in v) {
    checkKeys(v, ['bundled', 'edits'], path);
    checkScenario(v.bundled, `${path}.bundled`, bundled);
    if (typeof v.bundled !== 'string')
      throw new LectureError(`${path}.bundled`, 'must be a bundled scenario name');
    if (v.edits !== undefined && !isRecord(v.edits))
      throw new LectureError(`${path}.edits`, 'must be an object (merged over the scenario)');
    return;
  }
  // an inline scenario: the engine checks it when the slide is run (its message names the field)
  if (!isRecord(v.workload))
    throw new LectureError(`${path}.workload`, 'an inline scenario needs a workload');
}

function checkHighlight(v: unknown, path: string): void {
  if (!isRecord(v)) throw new LectureError(path, 'must be an object');
  const keys = Object.keys(v);
  const kinds = ['buffer', 'chain', 'statistic', 'narration', 'point'];
  if (keys.length !== 1 || !kinds.includes(keys[0]))
    throw new LectureError(path, `must have exactly one of ${kinds.join(', ')}`);
  const k = keys[0];
  const x = v[k];
  if (k === 'buffer') {
    if (!isRecord(x)) throw new LectureError(`${path}.buffer`, 'must be {segment, block}');
    checkKeys(x, ['segment', 'block'], `${path}.buffer`);
    if (typeof x.segment !== 'string' || x.segment === '')
      throw new LectureError(`${path}.buffer.segment`, 'must be a segment name');
    if (!isCount(x.block))
      throw new LectureError(`${path}.buffer.block`, 'must be a whole number ≥ 0');
  } else if (k === 'chain') {
    if (!isCount(x)) throw new LectureError(`${path}.chain`, 'must be a bucket number ≥ 0');
  } else if (k === 'statistic') {
    if (typeof x !== 'string' || parsePlaceholders(`{{${x}}}`).errors.length > 0)
      throw new LectureError(`${path}.statistic`, 'must name a statistic as a placeholder does');
  } else if (k === 'point') {
    if (!isRecord(x)) throw new LectureError(`${path}.point`, 'must be {chart, value}');
    checkKeys(x, ['chart', 'value'], `${path}.point`);
    if (!POINT_CHARTS.includes(x.chart as (typeof POINT_CHARTS)[number]))
      throw new LectureError(`${path}.point.chart`, `must be one of ${POINT_CHARTS.join(', ')}`);
    if (typeof x.value !== 'number' || !Number.isFinite(x.value))
      throw new LectureError(`${path}.point.value`, 'must be a number (the point’s x value)');
  } else if (x !== true) throw new LectureError(`${path}.narration`, 'must be true');
}

function checkSweep(v: unknown, path: string): void {
  if (!isRecord(v)) throw new LectureError(path, 'must be {param, from, to, steps}');
  checkKeys(v, ['param', 'from', 'to', 'steps'], path);
  if (typeof v.param !== 'string' || v.param.trim() === '')
    throw new LectureError(
      `${path}.param`,
      'must name an init.ora parameter or a number of the scenario (db_block_buffers, workload.accesses)',
    );
  for (const k of ['from', 'to'])
    if (typeof v[k] !== 'number' || !Number.isFinite(v[k]))
      throw new LectureError(`${path}.${k}`, 'must be a number');
  if ((v.to as number) <= (v.from as number))
    throw new LectureError(`${path}.to`, `must be above from (${v.from as number})`);
  if (!Number.isInteger(v.steps) || (v.steps as number) < 2 || (v.steps as number) > MAX_STEPS)
    throw new LectureError(`${path}.steps`, `must be a whole number from 2 to ${MAX_STEPS}`);
}

function checkAction(v: Record<string, unknown>, path: string): void {
  const action = v.action;
  const kinds = ['play', 'sweep', 'compare'];
  const one = 'must be one of {play: position}, {sweep: {…}}, {compare: preset}';
  if (!isRecord(action)) throw new LectureError(path, one);
  checkKeys(action, kinds, path);
  const [k, ...more] = Object.keys(action);
  if (k === undefined || more.length > 0) throw new LectureError(path, one);
  if (k === 'play') {
    if (v.position !== undefined)
      throw new LectureError(`${path}.play`, 'a slide has a position or a play action, not both');
    checkPosition(action.play, `${path}.play`);
  } else if (k === 'sweep') checkSweep(action.sweep, `${path}.sweep`);
  else {
    const preset = typeof action.compare === 'string' ? presetOf(action.compare) : null;
    if (!preset)
      throw new LectureError(`${path}.compare`, 'must name a Compare preset (the Compare menu’s)');
    if (v.scenario !== undefined && v.scenario !== preset.a)
      throw new LectureError(
        `${path}.compare`,
        `the preset's A is ${preset.a}: leave the slide's scenario out, or name that one`,
      );
  }
}

function checkSlide(v: unknown, path: string, first: boolean, bundled: ReadonlySet<string> | null) {
  if (!isRecord(v)) throw new LectureError(path, 'must be an object');
  checkKeys(v, ['text', 'scenario', 'position', 'action', 'highlight', 'question'], path);
  if (typeof v.text !== 'string' || v.text.trim() === '')
    throw new LectureError(`${path}.text`, 'must be non-empty Markdown text');
  checkLength(v.text, LECTURE_LIMITS.text, `${path}.text`);
  const { pieces, errors } = parsePlaceholders(v.text);
  if (errors[0]) throw new LectureError(`${path}.text`, errors[0]);
  const figures = pieces.filter((p) => typeof p !== 'string').length;
  if (figures > LECTURE_LIMITS.placeholders)
    throw new LectureError(
      `${path}.text`,
      `has ${figures.toLocaleString('en')} placeholders; a slide may have at most ` +
        `${LECTURE_LIMITS.placeholders} (split it over several slides)`,
    );
  const compares = isRecord(v.action) && typeof v.action.compare === 'string';
  if (v.scenario === undefined) {
    if (first && !compares)
      throw new LectureError(`${path}.scenario`, 'the first slide must name a scenario');
  } else checkScenario(v.scenario, `${path}.scenario`, bundled);
  if (v.action !== undefined) checkAction(v, `${path}.action`);
  if (v.position !== undefined) checkPosition(v.position, `${path}.position`);
  if (v.highlight !== undefined) checkHighlight(v.highlight, `${path}.highlight`);
  if (v.question !== undefined) {
    if (!isRecord(v.question)) throw new LectureError(`${path}.question`, 'must be an object');
    if (v.question.kind !== 'exercise')
      throw new LectureError(`${path}.question.kind`, "must be 'exercise'");
    checkKeys(v.question, ['kind', 'seed', 'index'], `${path}.question`);
    for (const k of ['seed', 'index'])
      if (!Number.isSafeInteger(v.question[k]) || (v.question[k] as number) < 0)
        throw new LectureError(`${path}.question.${k}`, 'must be a whole number ≥ 0');
  }
}

/**
 * Check a lecture (parsed JSON); throws a LectureError naming the first bad field. With
 * `bundled` (the bundled scenarios' names) a slide's scenario name is checked too.
 */
export function validateLecture(value: unknown, bundled?: Iterable<string>): Lecture {
  const names = bundled ? new Set(bundled) : null;
  if (!isRecord(value)) throw new LectureError('', 'a lecture must be a JSON object');
  checkKeys(value, ['version', 'title', 'source', 'description', 'slides'], '');
  if (value.version !== LECTURE_VERSION)
    throw new LectureError(
      'version',
      `must be ${LECTURE_VERSION} (this site reads version ${LECTURE_VERSION} lectures)`,
    );
  if (typeof value.title !== 'string' || value.title.trim() === '')
    throw new LectureError('title', 'must be a non-empty string');
  checkLength(value.title, LECTURE_LIMITS.title, 'title');
  if (typeof value.source !== 'string' || value.source.trim() === '')
    throw new LectureError('source', 'must name the source document');
  checkLength(value.source, LECTURE_LIMITS.source, 'source');
  if (value.description !== undefined && typeof value.description !== 'string')
    throw new LectureError('description', 'must be a string');
  if (value.description !== undefined)
    checkLength(value.description, LECTURE_LIMITS.description, 'description');
  if (!Array.isArray(value.slides) || value.slides.length === 0)
    throw new LectureError('slides', 'must be a non-empty array');
  if (value.slides.length > LECTURE_LIMITS.slides)
    throw new LectureError(
      'slides',
      `has ${value.slides.length.toLocaleString('en')} slides; a lecture may have at most ` +
        `${LECTURE_LIMITS.slides} (split it into several lectures)`,
    );
  value.slides.forEach((s, k) => checkSlide(s, `slides[${k}]`, k === 0, names));
  return value as unknown as Lecture;
}

/** Parse and check a lecture's text; a JSON syntax error is a LectureError too. */
export function parseLecture(text: string, bundled?: Iterable<string>): Lecture {
  if (text.length > LECTURE_LIMITS.document)
    throw new LectureError(
      '',
      `the lecture is ${text.length.toLocaleString('en')} characters of JSON; a lecture may ` +
        `have at most ${LECTURE_LIMITS.document.toLocaleString('en')}`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new LectureError('', `not valid JSON: ${(e as Error).message}`);
  }
  return validateLecture(value, bundled);
}

/** The position a slide stands at (its play action's target, or its own; the start if none). */
export const targetOf = (s: Slide): Position => playOf(s) ?? s.position ?? 'start';

/** The slide's play action's target (null: it has none). */
export const playOf = (s: Slide): Position | null =>
  s.action && 'play' in s.action ? s.action.play : null;

/** The Compare preset a slide opens (null: none). */
export const compareOf = (s: Slide): string | null =>
  s.action && 'compare' in s.action ? s.action.compare : null;

/** The sweep a slide runs (null: none). */
export const sweepOf = (s: Slide): SweepAction | null =>
  s.action && 'sweep' in s.action ? s.action.sweep : null;

/**
 * Each slide's scenario: its own, or its Compare preset's A, else the previous slide's.
 */
export function scenariosOf(lecture: Lecture): SlideScenario[] {
  let last: SlideScenario | undefined;
  return lecture.slides.map((s) => {
    const compare = compareOf(s);
    last = s.scenario ?? (compare ? presetOf(compare)?.a : undefined) ?? last;
    return last as SlideScenario;
  });
}
