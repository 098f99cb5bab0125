// Building a run for the store: the engine's refusals always come back as a ScenarioError.
import { ScenarioError, SimRun, type Layout, type Scenario } from '../sim/engine';
import * as library from '../sim/library';

export interface Built {
  run: SimRun;
  layout: Layout;
}

/** Call the engine; anything it throws becomes a ScenarioError. */
function engineCall<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    throw new ScenarioError('', e instanceof Error ? e.message : String(e));
  }
}

/** A run of `scenario`; throws a ScenarioError (always that type) when the engine refuses it. */
export function build(scenario: Scenario): Built {
  const run = engineCall(() => SimRun.create(scenario));
  return { run, layout: run.layoutInfo() };
}

/** A library cache run of `scenario`; throws a ScenarioError. */
export const buildLibrary = (scenario: Scenario): library.Run =>
  engineCall(() => library.Run.create(scenario));
