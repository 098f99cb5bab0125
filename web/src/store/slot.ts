// One simulation slot: a run (buffer cache or library cache) and everything the store mirrors
// from it — position and totals, report, paper comparison, the last step's events, the chart
// series and what the user selected in its views. The operations below are written once over
// both kinds (a per-kind table says what differs), so a second slot, for comparison, is one
// more field of the store, not a copy. They drive the wasm run and return a new slot.
import * as bufferNarration from '../buffer/narrate';
import * as bufferSeries from '../buffer/series';
import * as libraryNarration from '../library/narrate';
import * as librarySeries from '../library/series';
import type { NarrationGroup } from '../shared/narration';
import { forward, sampleEvery, seriesUpTo, withCurrent, type Positioned } from './sampling';
import type {
  Layout,
  Event,
  PaperComparison,
  Playable,
  Report,
  Scenario,
  SimRun,
} from '../sim/engine';
import { isLibraryScenario } from '../sim/library';
import type * as library from '../sim/library';
import { build, buildLibrary } from './run';

/** What the store mirrors from a run after every engine call. */
export interface Mirror {
  /** Accesses (buffer cache) or statement phases (library cache) done, and in the run. */
  position: number;
  total: number;
  /** Executions (buffer cache) or statements (library cache) finished, and in the run. */
  executions: number;
  totalExecutions: number;
  seconds: number;
  done: boolean;
  paper: PaperComparison | null;
}

interface SlotOf<
  K extends string,
  R extends Playable,
  E,
  P extends Positioned,
  Rep,
> extends Mirror {
  kind: K;
  run: R;
  report: Rep;
  /** The events of the last step (empty after a jump). */
  events: E[];
  /** The chart series, sampled at most SERIES_POINTS times over the run. */
  series: P[];
  /** What the user selected in the views: a buffer, or a library cache hash bucket. */
  selected: number | null;
}

export interface BufferSim extends SlotOf<
  'buffer',
  SimRun,
  Event,
  bufferSeries.SeriesPoint,
  Report
> {
  layout: Layout;
  /**
   * A hash bucket pointed at (a lecture slide's highlight): the chain view shows its chain
   * and rings it while no lookup or new selection takes its place. Null: none.
   */
  bucket: number | null;
}

export interface LibrarySim extends SlotOf<
  'library',
  library.Run,
  library.Event,
  librarySeries.SeriesPoint,
  library.Report
> {
  config: library.Config;
}

/** The slot: which simulation the scenario drives, with its run and mirror. */
export type Sim = BufferSim | LibrarySim;
export type SimKind = Sim['kind'];

/** What differs between the kinds; everything else is written once. */
interface Ops<S extends Sim> {
  counts(run: S['run']): Pick<Mirror, 'total' | 'executions' | 'totalExecutions'>;
  sample(run: S['run']): S['series'][number];
  /** The chart point of the slot's current report (the series' last point). */
  current(sim: S): S['series'][number];
  narrate(sim: S, events: S['events'], before: number): NarrationGroup[];
}

const OPS: { [K in SimKind]: Ops<Extract<Sim, { kind: K }>> } = {
  buffer: {
    counts: (run) => ({
      total: run.totalAccesses,
      executions: run.executionsDone,
      totalExecutions: run.totalExecutions,
    }),
    sample: bufferSeries.sample,
    current: (s) => bufferSeries.pointOf(s.report, s.position, s.seconds),
    // The layout as it is now: a script's `alter table … storage (buffer_pool …)` moves a
    // segment to another pool while the run goes on.
    narrate: ({ run }, events, before) =>
      bufferNarration.narrateEvents(run.layoutInfo(), events, before),
  },
  library: {
    counts: (run) => ({
      total: run.total,
      executions: run.statementsDone,
      totalExecutions: run.totalStatements,
    }),
    sample: librarySeries.sample,
    current: (s) => librarySeries.pointOf(s.report, s.position, s.seconds),
    narrate: ({ config }, events, before) =>
      libraryNarration.narrateEvents({ config }, events, before),
  },
};

const opsOf = <S extends Sim>(sim: S) => OPS[sim.kind] as unknown as Ops<S>;

/** The slot with its series or events replaced (by points and events of its own kind). */
const patch = (sim: Sim, p: { series?: Positioned[]; events?: unknown[] }): Sim =>
  ({ ...sim, ...p }) as unknown as Sim;

/** The slot with its mirror read fresh from the run. */
export function refresh<S extends Sim>(sim: S, hasPaper: boolean): S {
  const { run } = sim;
  return {
    ...sim,
    ...opsOf(sim).counts(run),
    position: run.position,
    seconds: run.now,
    done: run.done,
    report: run.report(),
    paper: hasPaper ? run.paper() : null,
  };
}

/**
 * A slot running `scenario`, replayed to `position` (its series sampled on the way; short of
 * it when `deadline`, a performance.now() time, passes first); keeps `prev`'s selection when
 * it still exists. Throws a ScenarioError when the engine refuses it.
 */
export function openSim(
  scenario: Scenario,
  position: number,
  prev: Sim | null,
  deadline = Infinity,
): Sim {
  const hasPaper = !!scenario.paper;
  const empty = {
    position: 0,
    total: 0,
    executions: 0,
    totalExecutions: 0,
    seconds: 0,
    done: false,
    paper: null,
    events: [],
  };
  let sim: Sim;
  if (isLibraryScenario(scenario)) {
    const run = buildLibrary(scenario);
    const kept = prev?.kind === 'library' ? prev.selected : null;
    const buckets = run.chainLengths().length;
    sim = {
      ...empty,
      kind: 'library',
      run,
      config: run.config(),
      report: run.report(),
      series: [],
      selected: kept !== null && kept < buckets ? kept : null,
    };
  } else {
    const { run, layout } = build(scenario);
    const kept = prev?.kind === 'buffer' ? prev.selected : null;
    const buffers = layout.sets.reduce((n, s) => Math.max(n, s.hi), 0);
    sim = {
      ...empty,
      kind: 'buffer',
      run,
      layout,
      report: run.report(),
      series: [],
      selected: kept !== null && kept < buffers ? kept : null,
      bucket: null,
    };
  }
  const ops = opsOf(sim);
  const series: Positioned[] = [ops.sample(sim.run)];
  forward(
    sim.run,
    Math.min(position, sim.run.total),
    series,
    sampleEvery(sim.run.total),
    ops.sample,
    deadline,
  );
  return refresh(patch(sim, { series }), hasPaper);
}

/**
 * Step the slot's run one step (`one`) or one execution/statement (`unit`), `count` times,
 * with the events recorded: the new slot and the narration of those events.
 */
export function stepSim(
  sim: Sim,
  how: 'one' | 'unit',
  count: number,
  hasPaper: boolean,
): { sim: Sim; told: NarrationGroup[] } {
  const { run } = sim;
  const ops = opsOf(sim);
  const before = run.position;
  const every = sampleEvery(run.total);
  run.setRecordEvents(true);
  const events: unknown[] = [];
  for (let i = 0; i < count && !run.done; i++) {
    if (how === 'unit') run.stepUnit();
    else run.step(1);
    // A loop, not push(...): one execution can be thousands of events.
    for (const e of run.events()) events.push(e);
  }
  run.setRecordEvents(false);
  const crossed = Math.floor(run.position / every) > Math.floor(before / every) || run.done;
  const series = crossed ? [...sim.series, ops.sample(run)] : sim.series;
  const told = ops.narrate(sim, events as Sim['events'], before);
  return { sim: refresh(patch(sim, { events, series }), hasPaper), told };
}

/**
 * Move the slot's run to `target` (either way) without events: back replays from a snapshot
 * and trims the series, forward extends it (stopping early past `deadline`). With `mirror`
 * false the mirror is left as it was (a long operation reads it fresh once, at its end).
 */
export function jumpSim(
  sim: Sim,
  target: number,
  hasPaper: boolean,
  deadline = Infinity,
  mirror = true,
): Sim {
  const { run } = sim;
  const ops = opsOf(sim);
  const every = sampleEvery(run.total);
  let series: Positioned[];
  if (target < run.position) {
    run.seek(target);
    series = seriesUpTo<Positioned>(sim.series, target);
    const last = series[series.length - 1];
    if ((!last || last.position !== target) && target % every === 0) series.push(ops.sample(run));
  } else {
    series = [...sim.series];
    forward(run, target, series, every, ops.sample, deadline);
  }
  const moved = patch(sim, { series, events: [] });
  return mirror ? refresh(moved, hasPaper) : moved;
}

/** Back to the start. */
export function resetSim(sim: Sim, hasPaper: boolean): Sim {
  sim.run.reset();
  const series: Positioned[] = [opsOf(sim).sample(sim.run)];
  return refresh(patch(sim, { series, events: [] }), hasPaper);
}

/** What the charts draw: the sampled series with the current position as its last point. */
export function chartPoints<S extends Sim>(sim: S): S['series'] {
  const ops = opsOf(sim);
  return withCurrent<Positioned>(sim.series, sim.position, () => ops.current(sim)) as S['series'];
}
