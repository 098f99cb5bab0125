// The bundled scenarios and lectures as the headless lecture runner reads them from disk
// (the page has them from import.meta.glob: web/src/lecture/bundled.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../web/src/sim/engine';

export const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
export const LECTURES_DIR = fileURLToPath(new URL('../../lectures/', import.meta.url));

/** The bundled scenarios' names (file names without ".json"). */
export const bundledNames = (): string[] =>
  readdirSync(SCENARIOS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

/** A bundled scenario by name, or undefined. */
export function bundledScenario(id: string): Scenario | undefined {
  const file = `${SCENARIOS_DIR}${id}.json`;
  if (!/^[A-Za-z0-9._-]+$/.test(id) || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Scenario;
}

/** The bundled lectures' files. */
export const lectureFiles = (): string[] =>
  readdirSync(LECTURES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => LECTURES_DIR + f);
