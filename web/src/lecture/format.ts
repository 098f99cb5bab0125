// A lecture (issue 27): a title and a sequence of slides, each an explained moment of the
// simulation — VisuAlgo's e-Lecture mode. One JSON document, versioned and checked here the
// way a scenario is (the engine's `validateScenario`): every problem names its field by path
// (`slides[2].position.execution`). Shared by the page and the headless `scripts/lecture.ts`.
import type { Scenario } from '../sim/engine';
import { parsePlaceholders } from './placeholders';

export const LECTURE_VERSION = 1;

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

/** What a slide does instead of standing still: play (animated) from the slide before. */
export type Action = { play: Position };

/** What a slide points at. */
export type Highlight =
  /** A buffer, by the block it holds: segment name and block number within the segment. */
  | { buffer: { segment: string; block: number } }
  /** A hash chain (buffer cache) or library cache hash bucket. */
  | { chain: number }
  /** A statistic row, named as a placeholder names it (`DEFAULT.physical_reads`). */
  | { statistic: string }
  /** The newest line of the narration. */
  | { narration: true };

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
  const kinds = ['buffer', 'chain', 'statistic', 'narration'];
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
  } else if (x !== true) throw new LectureError(`${path}.narration`, 'must be true');
}

function checkSlide(v: unknown, path: string, first: boolean, bundled: ReadonlySet<string> | null) {
  if (!isRecord(v)) throw new LectureError(path, 'must be an object');
  checkKeys(v, ['text', 'scenario', 'position', 'action', 'highlight', 'question'], path);
  if (typeof v.text !== 'string' || v.text.trim() === '')
    throw new LectureError(`${path}.text`, 'must be non-empty Markdown text');
  const bad = parsePlaceholders(v.text).errors[0];
  if (bad) throw new LectureError(`${path}.text`, bad);
  if (v.scenario === undefined) {
    if (first) throw new LectureError(`${path}.scenario`, 'the first slide must name a scenario');
  } else checkScenario(v.scenario, `${path}.scenario`, bundled);
  if (v.position !== undefined && v.action !== undefined)
    throw new LectureError(path, 'a slide has a position or an action, not both');
  if (v.position !== undefined) checkPosition(v.position, `${path}.position`);
  if (v.action !== undefined) {
    if (!isRecord(v.action)) throw new LectureError(`${path}.action`, 'must be {play: position}');
    checkKeys(v.action, ['play'], `${path}.action`);
    checkPosition(v.action.play, `${path}.action.play`);
  }
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
  if (typeof value.source !== 'string' || value.source.trim() === '')
    throw new LectureError('source', 'must name the source document');
  if (value.description !== undefined && typeof value.description !== 'string')
    throw new LectureError('description', 'must be a string');
  if (!Array.isArray(value.slides) || value.slides.length === 0)
    throw new LectureError('slides', 'must be a non-empty array');
  value.slides.forEach((s, k) => checkSlide(s, `slides[${k}]`, k === 0, names));
  return value as unknown as Lecture;
}

/** Parse and check a lecture's text; a JSON syntax error is a LectureError too. */
export function parseLecture(text: string, bundled?: Iterable<string>): Lecture {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new LectureError('', `not valid JSON: ${(e as Error).message}`);
  }
  return validateLecture(value, bundled);
}

/** The position a slide stands at (its action's target, or its own; the start if none). */
export const targetOf = (s: Slide): Position => s.action?.play ?? s.position ?? 'start';

/** Each slide's scenario, the previous slide's when it names none. */
export function scenariosOf(lecture: Lecture): SlideScenario[] {
  let last: SlideScenario = lecture.slides[0].scenario as SlideScenario;
  return lecture.slides.map((s) => (last = s.scenario ?? last));
}
