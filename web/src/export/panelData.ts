// Each statistics panel's tables, read from the store's state at the click (./tables).
import { bufferSim, librarySim } from '../store/selectors';
import { paperComparison } from '../store/paperScenario';
import type { AppState } from '../store/store';
import {
  ioTables,
  libraryTables,
  narrationTables,
  paperTables,
  poolTables,
  xbhTables,
  type Tables,
} from './tables';

export const poolData = (s: AppState): Tables | null => {
  const sim = bufferSim(s);
  return sim ? poolTables(sim.report) : null;
};

export const ioData = (s: AppState): Tables | null => {
  const sim = bufferSim(s);
  return sim ? ioTables(sim.report) : null;
};

/** X$BH of every buffer (the panel shows the selected one). */
export const xbhData = (s: AppState): Tables | null => {
  const sim = bufferSim(s);
  if (!sim) return null;
  const buffers = sim.layout.sets.reduce((n, set) => Math.max(n, set.hi), 0);
  return xbhTables(sim.run, buffers);
};

export const narrationData = (s: AppState): Tables => narrationTables(s.narration);

/** The paper table, with the configuration's differences from the paper's run. */
export const paperDifferences = (s: AppState) =>
  s.current ? paperComparison(s.current, s.scenarioId, s.scenarios).differences : [];

export const paperData = (s: AppState): Tables | null =>
  s.sim?.paper ? paperTables(s.sim.paper, paperDifferences(s)) : null;

export const libraryData = (s: AppState): Tables | null => {
  const sim = librarySim(s);
  return sim ? libraryTables(sim.report) : null;
};
