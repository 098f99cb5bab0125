// Small module-level selectors; the ones returning objects go through useShallow at the call.
import { SPEEDS, type AppState } from './store';

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

export const selectPlayback = (s: AppState) => ({
  ready: s.run !== null || s.lib !== null,
  position: s.position,
  total: s.total,
  executions: s.executions,
  totalExecutions: s.totalExecutions,
  seconds: s.seconds,
  done: s.done,
  playing: s.playing,
  speed: s.speed,
});

export const selectHeader = (s: AppState) => ({
  scenarios: s.scenarios,
  scenarioId: s.scenarioId,
  edited: s.edited,
  title: s.current?.title ?? '',
  ready: s.run !== null || s.lib !== null,
});

export const selectEngine = (s: AppState) => ({ engine: s.engine, error: s.engineError });
export const selectLinkError = (s: AppState) => s.linkError;
export const selectDismissLinkError = (s: AppState) => s.dismissLinkError;
export const selectDraft = (s: AppState) => s.draft;
export const selectDraftError = (s: AppState) => s.draftError;
export const selectEdit = (s: AppState) => s.edit;
export const selectLayout = (s: AppState) => s.layout;
export const selectReport = (s: AppState) => s.report;
export const selectPaper = (s: AppState) => s.paper;
export const selectSource = (s: AppState) => s.current?.paper?.source ?? null;
export const selectNarration = (s: AppState) => s.narration;
export const selectSelected = (s: AppState) => s.selected;
export const selectSelect = (s: AppState) => s.select;
export const selectTick = (s: AppState) => s.tick;
export const selectRun = (s: AppState) => s.run;
export const selectSpeedValue = (s: AppState) => SPEEDS[s.speed] ?? Infinity;
export const selectLoadScenario = (s: AppState) => s.loadScenario;
export const selectReady = (s: AppState) => s.run !== null || s.lib !== null;
export const selectMode = (s: AppState) => s.mode;
export const selectProfile = (s: AppState) => s.current?.profile ?? null;
export const selectEdited = (s: AppState) => s.edited;
export const selectSeries = (s: AppState) => s.series;
export const selectCurrent = (s: AppState) => s.current;
export const selectGeneration = (s: AppState) => s.generation;
export const selectRevertDraft = (s: AppState) => s.revertDraft;
