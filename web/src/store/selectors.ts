// Small module-level selectors; the ones returning objects go through useShallow at the call.
import { doneOf, leadOf, totalOf } from './compare';
import type { BufferSim, LibrarySim } from './slot';
import { SPEEDS, type AppState } from './store';
import { hasSerialDirectReads } from '../sim/profile';

/** The slot when it runs the buffer cache (or the library cache), else null. */
export const bufferSim = (s: AppState): BufferSim | null =>
  s.sim?.kind === 'buffer' ? s.sim : null;
export const librarySim = (s: AppState): LibrarySim | null =>
  s.sim?.kind === 'library' ? s.sim : null;

export const selectActions = (s: AppState) => ({
  step: s.step,
  stepExecution: s.stepExecution,
  stepBack: s.stepBack,
  runToEnd: s.runToEnd,
  reset: s.reset,
  seek: s.seek,
  togglePlay: s.togglePlay,
  setSpeed: s.setSpeed,
});

/** Where the playback is: A's slot, or in compare mode both (their lockstep position). */
export const selectPlayback = (s: AppState) => {
  const b = s.compare?.sim ?? null;
  return {
    ready: s.sim !== null,
    position: s.sim ? leadOf(s.sim, b) : 0,
    total: s.sim ? totalOf(s.sim, b) : 0,
    executions: s.sim?.executions ?? 0,
    totalExecutions: s.sim?.totalExecutions ?? 0,
    seconds: s.sim?.seconds ?? 0,
    done: s.sim ? doneOf(s.sim, b) : false,
    playing: s.playing,
    speed: s.speed,
  };
};

/** Compare mode: what the compare bar shows. */
export const selectCompare = (s: AppState) => ({
  on: s.compare !== null,
  target: s.compare?.target ?? 'a',
  preset: s.compare?.preset ?? null,
  titleA: s.current?.title ?? '',
  titleB: s.compare?.current.title ?? '',
  editedA: s.edited,
  editedB: s.compare?.edited ?? false,
});
export const selectCompareOn = (s: AppState) => s.compare !== null;
export const selectTarget = (s: AppState) => s.compare?.target ?? 'a';

export const selectHeader = (s: AppState) => ({
  scenarios: s.scenarios,
  scenarioId: s.scenarioId,
  edited: s.edited,
  title: s.current?.title ?? '',
  ready: s.sim !== null,
});

export const selectEngine = (s: AppState) => ({ engine: s.engine, error: s.engineError });
export const selectEngineReady = (s: AppState) => s.engine === 'ready';
export const selectLinkError = (s: AppState) => s.linkError;
export const selectDismissLinkError = (s: AppState) => s.dismissLinkError;
export const selectDraft = (s: AppState) => s.draft;
export const selectDraftError = (s: AppState) => s.draftError;
export const selectEdit = (s: AppState) => s.edit;
export const selectLayout = (s: AppState) => bufferSim(s)?.layout ?? null;
export const selectReport = (s: AppState) => bufferSim(s)?.report ?? null;
export const selectPaper = (s: AppState) => s.sim?.paper ?? null;
export const selectSource = (s: AppState) => s.current?.paper?.source ?? null;
/** What the paper's figures include that the simulator leaves out (seed 000: the instance's own blocks). */
export const selectLeftOut = (s: AppState) => s.current?.paper?.left_out ?? null;
export const selectNarration = (s: AppState) => s.narration;
export const selectSelected = (s: AppState) => bufferSim(s)?.selected ?? null;
export const selectSelect = (s: AppState) => s.select;
export const selectTick = (s: AppState) => s.tick;
export const selectRun = (s: AppState) => bufferSim(s)?.run ?? null;
export const selectSpeedValue = (s: AppState) => SPEEDS[s.speed] ?? Infinity;
export const selectLoadScenario = (s: AppState) => s.loadScenario;
export const selectReady = (s: AppState) => s.sim !== null;
/** Which simulation the scenario drives ('buffer' before any is loaded). */
export const selectMode = (s: AppState) => s.sim?.kind ?? 'buffer';
export const selectProfile = (s: AppState) => s.current?.profile ?? null;
export const selectEdited = (s: AppState) => s.edited;
export const selectLesson = (s: AppState) => s.lesson;
const NO_SERIES: BufferSim['series'] = [];
export const selectSeries = (s: AppState) => bufferSim(s)?.series ?? NO_SERIES;
export const selectCurrent = (s: AppState) => s.current;
export const selectGeneration = (s: AppState) => s.generation;
export const selectRevertDraft = (s: AppState) => s.revertDraft;
/** The OS page cache's statistics, when the run's reads go through one (seed 003). */
export const selectOsCache = (s: AppState) => bufferSim(s)?.report.io?.os_cache ?? null;
/** The run can read direct: a profile with serial direct reads, or direct reads done. */
export const selectShowsPga = (s: AppState) => {
  const sim = bufferSim(s);
  const io = sim?.report.io;
  if (!sim || !io) return false;
  return hasSerialDirectReads(sim.layout.config.profile) || io.physical_reads_direct > 0;
};
export const selectPendingLink = (s: AppState) => s.pendingLink;
export const selectLinkAnswers = (s: AppState) => ({
  accept: s.acceptLink,
  decline: s.declineLink,
});
export const selectFileError = (s: AppState) => s.fileError;
export const selectDismissFileError = (s: AppState) => s.dismissFileError;
export const selectOpenFile = (s: AppState) => s.openFile;
export const selectFileSource = (s: AppState) => ({
  current: s.current,
  scenarioId: s.scenarioId,
  edited: s.edited,
});
