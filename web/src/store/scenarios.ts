// Every bundled scenario (scenarios/*.json), keyed by file name without ".json".
import type { Scenario } from '../sim/engine';

export interface ScenarioEntry {
  id: string;
  title: string;
  scenario: Scenario;
}

/** The scenario a plain visit, or a bad link, opens. */
export const DEFAULT_SCENARIO_ID = 'seed000-8i-hot50';

const files = import.meta.glob<Scenario>('../../../scenarios/*.json', {
  eager: true,
  import: 'default',
});

export const BUNDLED: ScenarioEntry[] = Object.entries(files)
  .map(([path, scenario]) => ({
    id: path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, ''),
    title: scenario.title,
    scenario,
  }))
  .sort((a, b) => a.id.localeCompare(b.id));
