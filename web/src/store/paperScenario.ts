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
