// How the running scenario differs from the one the paper's figures were measured with: the
// bundled seed experiment it comes from (or, for a link or a file, the bundled scenario with
// the same paper source). The paper table names each difference and marks its comparison.
import type { Scenario } from '../sim/engine';
import type { ScenarioEntry } from './scenarios';

/** One setting that is not the paper's: `init.x`, `profile`, `cost.x`, `workload.x`, … */
export interface ParamDifference {
  name: string;
  /** The running scenario's value, as text ("default" when unset). */
  now: string;
  /** The paper's scenario's value, as text. */
  paper: string;
}

const text = (v: unknown): string =>
  v === undefined ? 'default' : typeof v === 'string' ? v : JSON.stringify(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field by field over two flat objects: `prefix.key` for each key whose value differs. */
function fieldDifferences(prefix: string, now: object | undefined, paper: object | undefined) {
  const a = (now ?? {}) as Record<string, unknown>;
  const b = (paper ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => !same(a[k], b[k]))
    .map((k) => ({ name: `${prefix}${k}`, now: text(a[k]), paper: text(b[k]) }));
}

/** The bundled scenario whose paper figures `scenario` carries, or null. */
export function paperScenario(
  scenario: Scenario,
  scenarioId: string | null,
  bundled: ScenarioEntry[],
): Scenario | null {
  if (!scenario.paper) return null;
  const base = bundled.find((e) => e.id === scenarioId);
  if (base?.scenario.paper && same(base.scenario.paper, scenario.paper)) return base.scenario;
  return bundled.find((e) => same(e.scenario.paper, scenario.paper))?.scenario ?? null;
}

/**
 * Every setting of `scenario` that is not the paper's run's: the profile, each init.ora
 * parameter (by its Oracle name), each cost, the segments and each workload field. Empty
 * when the configuration is the paper's (or there is no paper scenario to compare with).
 */
export function differencesFromPaper(
  scenario: Scenario,
  paper: Scenario | null,
): ParamDifference[] {
  if (!paper) return [];
  const out: ParamDifference[] = [];
  if (scenario.profile !== paper.profile)
    out.push({ name: 'profile', now: scenario.profile, paper: paper.profile });
  out.push(...fieldDifferences('', scenario.init, paper.init));
  out.push(...fieldDifferences('cost.', scenario.cost, paper.cost));
  if (!same(scenario.objects, paper.objects))
    out.push({ name: 'objects', now: 'edited', paper: 'the paper’s segments' });
  out.push(...fieldDifferences('workload.', scenario.workload, paper.workload));
  return out;
}

/** The seed a paper source belongs to: "seed 001" of "seed 001, Table 3, TEST 1". */
const seedOf = (scenario: Scenario) => /^seed \d+/.exec(scenario.paper?.source ?? '')?.[0] ?? null;

/**
 * The bundled experiment of the same seed whose configuration `scenario` now is, when an edit
 * made it another of the paper's runs (seed 001's TEST 1 with `cursor_sharing = FORCE` is
 * TEST 3): its figures are the ones to compare with (issue 26 #6). Null when `scenario` is
 * its own paper run, or no run of the paper has its configuration.
 */
export function paperTwin(
  scenario: Scenario,
  scenarioId: string | null,
  bundled: ScenarioEntry[],
): ScenarioEntry | null {
  const own = paperScenario(scenario, scenarioId, bundled);
  const seed = seedOf(scenario);
  if (!own || !seed || differencesFromPaper(scenario, own).length === 0) return null;
  return (
    bundled.find(
      (e) =>
        e.scenario.paper &&
        seedOf(e.scenario) === seed &&
        differencesFromPaper(scenario, e.scenario).length === 0,
    ) ?? null
  );
}

/** `scenario` carrying the paper figures of its twin (see paperTwin), for the run to compare. */
export function withTwinPaper(
  scenario: Scenario,
  scenarioId: string | null,
  bundled: ScenarioEntry[],
): Scenario {
  const twin = paperTwin(scenario, scenarioId, bundled);
  return twin ? { ...scenario, paper: twin.scenario.paper } : scenario;
}

/**
 * How the running configuration compares with the paper: its differences from the paper's
 * run (none: it is that run), or the paper's other run an edit made it (then no differences).
 */
export function paperComparison(
  scenario: Scenario,
  scenarioId: string | null,
  bundled: ScenarioEntry[],
): { differences: ParamDifference[]; twin: ScenarioEntry | null } {
  const twin = paperTwin(scenario, scenarioId, bundled);
  if (twin) return { differences: [], twin };
  const paper = paperScenario(scenario, scenarioId, bundled);
  return { differences: differencesFromPaper(scenario, paper), twin: null };
}
