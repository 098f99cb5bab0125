// Run a lecture's slides with the engine and fill their placeholders: the one code path the
// page and the headless `scripts/lecture.ts` share, so a slide shows the runner's own figures
// to the last digit. A slide's position (an execution, a statement, a script step, the end) is
// reached by stepping a run of its scenario; the figures are that run's report there.
import { SimRun, type Playable, type Scenario } from '../sim/engine';
import * as library from '../sim/library';
import {
  LectureError,
  playOf,
  scenariosOf,
  targetOf,
  type Lecture,
  type Position,
  type SlideScenario,
} from './format';
import {
  formatFigure,
  lookUp,
  parsePlaceholders,
  type Figure,
  type Placeholder,
} from './placeholders';

/** A scenario as a slide runs it, and the bundled one it comes from (null: inline). */
export interface Resolved {
  scenario: Scenario;
  base: string | null;
  /** Identifies the scenario: runs are shared between slides with the same key. */
  key: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `patch` merged over `target` (RFC 7386 JSON Merge Patch: null deletes a field). */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

export type BundledLookup = (id: string) => Scenario | undefined;

/** A slide's scenario, edits applied; throws a LectureError naming `path`. */
export function resolveScenario(s: SlideScenario, bundled: BundledLookup, path: string): Resolved {
  if (typeof s === 'string' || 'bundled' in s) {
    const id = typeof s === 'string' ? s : s.bundled;
    const scenario = bundled(id);
    if (!scenario) throw new LectureError(path, `no bundled scenario is called "${id}"`);
    if (typeof s === 'string' || !s.edits) return { scenario, base: id, key: id };
    return {
      scenario: mergePatch(scenario, s.edits) as Scenario,
      base: id,
      key: `${id}+${JSON.stringify(s.edits)}`,
    };
  }
  return { scenario: s as Scenario, base: null, key: JSON.stringify(s) };
}

export type AnyRun = SimRun | library.Run;

export function createRun(scenario: Scenario): AnyRun {
  return library.isLibraryScenario(scenario)
    ? library.Run.create(scenario)
    : SimRun.create(scenario);
}

/** Move `run` (from its start) to `pos`; returns the position reached. Throws a LectureError. */
export function reach(run: AnyRun, pos: Position, path: string): number {
  run.reset();
  const lib = run instanceof library.Run;
  if (pos === 'start') return run.position;
  if (pos === 'end') {
    run.runToEnd();
    return run.position;
  }
  if ('access' in pos) {
    if (pos.access > run.total)
      throw new LectureError(`${path}.access`, `the run has only ${run.total} positions`);
    run.seek(pos.access);
    return run.position;
  }
  if ('step' in pos) return reachStep(run, pos.step, `${path}.step`);
  const [unit, n] =
    'execution' in pos
      ? (['execution', pos.execution] as const)
      : (['statement', pos.statement] as const);
  if (unit === 'statement' && !lib)
    throw new LectureError(
      `${path}.statement`,
      'a buffer cache run counts executions, not statements',
    );
  if (unit === 'execution' && lib)
    throw new LectureError(
      `${path}.execution`,
      'a library cache run counts statements, not executions',
    );
  const total = lib ? run.totalStatements : run.totalExecutions;
  if (n > total) throw new LectureError(`${path}.${unit}`, `the run has only ${total} ${unit}s`);
  for (let k = 0; k < n; k++) (run as Playable).stepUnit();
  return run.position;
}

/**
 * A report with the scenario it ran beside it as `setup`: a slide names the scenario's own
 * settings (`setup.init.db_block_buffers`) and the paper's figures (`setup.paper.elapsed_s`)
 * by placeholder too, so no number in its text is typed.
 */
export const withSetup = (report: object, scenario: Scenario): object => ({
  ...report,
  setup: scenario,
});

/** Whether a buffer cache run has finished its script's step `n` (from 1) at `position`. */
function stepDone(run: SimRun, n: number, position: number): boolean {
  run.seek(position);
  return run.report().steps?.find((s) => s.index === n - 1)?.done ?? false;
}

/**
 * The end of a script's step `n` (from 1): the first position at which the report says it is
 * done (the last step's: the run's end). Found by halving, since a seek is exact.
 */
function reachStep(run: AnyRun, n: number, path: string): number {
  const script = run instanceof SimRun ? run.scenario().workload : null;
  if (!(run instanceof SimRun) || script?.kind !== 'script')
    throw new LectureError(path, 'only a script workload has steps');
  const count = script.steps.length;
  if (n < 1 || n > count) throw new LectureError(path, `the script has steps 1 to ${count}`);
  if (n === count) {
    run.runToEnd();
    return run.position;
  }
  let lo = 0;
  let hi = run.total;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (stepDone(run, n, mid)) hi = mid;
    else lo = mid + 1;
  }
  run.seek(lo);
  return run.position;
}

/** A placeholder filled: its value as the engine reported it, and as the slide shows it. */
export interface Filled {
  placeholder: Placeholder;
  value: Figure;
  text: string;
}

/** A slide run: its scenario, the position reached, and its text with the figures filled. */
export interface SlideRun {
  index: number;
  resolved: Resolved;
  position: number;
  /** Literal text and filled placeholders, in order. */
  pieces: (string | Filled)[];
}

/** Runs kept by scenario key, and end-of-run reports by bundled name (for `run(id)`). */
export class LectureRunner {
  private runs = new Map<string, AnyRun>();
  private ends = new Map<string, unknown>();
  /** Position and report by scenario key and position: slides that stand still share them. */
  private points = new Map<string, { position: number; report: unknown }>();
  constructor(private readonly bundled: BundledLookup) {}

  /** The report of a bundled scenario run to its end (with its `setup`). */
  endReport(id: string, path: string): unknown {
    let r = this.ends.get(id);
    if (r === undefined) {
      const scenario = this.bundled(id);
      if (!scenario)
        throw new LectureError(path, `run(${id}): no bundled scenario is called "${id}"`);
      const run = createRun(scenario);
      run.runToEnd();
      r = withSetup(run.report(), scenario);
      run.free();
      this.ends.set(id, r);
    }
    return r;
  }

  /**
   * Fill `text`'s placeholders from `report` (a run's report with its `setup`: ./withSetup)
   * and `run(id)` reports; throws a LectureError.
   */
  fillText(text: string, report: unknown, path: string): (string | Filled)[] {
    return parsePlaceholders(text).pieces.map((p) => {
      if (typeof p === 'string') return p;
      const source = p.run ? this.endReport(p.run, path) : report;
      const found = lookUp(source, p.path);
      if ('error' in found) throw new LectureError(path, `{{${p.source}}}: ${found.error}`);
      return { placeholder: p, value: found.value, text: formatFigure(found.value, p.format) };
    });
  }

  /** Run slide `index` of `lecture`: its scenario to its position, its text filled. */
  slide(lecture: Lecture, index: number): SlideRun {
    const path = `slides[${index}]`;
    const slide = lecture.slides[index];
    const resolved = resolveScenario(scenariosOf(lecture)[index], this.bundled, `${path}.scenario`);
    const where = playOf(slide) ? `${path}.action.play` : `${path}.position`;
    const at = `${resolved.key}|${JSON.stringify(targetOf(slide))}`;
    let point = this.points.get(at);
    if (!point) {
      const run = this.runOf(resolved, path);
      const position = reach(run, targetOf(slide), where);
      point = { position, report: withSetup(run.report(), resolved.scenario) };
      this.points.set(at, point);
    }
    const pieces = this.fillText(slide.text, point.report, `${path}.text`);
    return { index, resolved, position: point.position, pieces };
  }

  private runOf(resolved: Resolved, path: string): AnyRun {
    let run = this.runs.get(resolved.key);
    if (!run) {
      try {
        run = createRun(resolved.scenario);
      } catch (e) {
        throw new LectureError(`${path}.scenario`, (e as Error).message);
      }
      this.runs.set(resolved.key, run);
    }
    return run;
  }

  /** Every slide, in order. */
  all(lecture: Lecture): SlideRun[] {
    return lecture.slides.map((_, k) => this.slide(lecture, k));
  }

  free(): void {
    for (const run of this.runs.values()) run.free();
    this.runs.clear();
  }
}

/** A slide's text with its placeholders written in (for the terminal, and plain-text tests). */
export const plainText = (pieces: (string | Filled)[]): string =>
  pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('');
