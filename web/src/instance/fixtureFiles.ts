// The public report fixtures (fixtures/README.md): not in the repository; a test that reads
// one runs where a developer has copied it in, and is skipped, saying so, where not.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The fixtures' folder (a path, ending in /). */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Whether fixture `name` is in this clone. */
export const hasFixture = (name: string): boolean => existsSync(`${FIXTURES}${name}`);

/** Fixture `name`'s text. */
export const fixture = (name: string): string => readFileSync(`${FIXTURES}${name}`, 'utf8');

/** Why a test that reads `name` is skipped here. */
export const missing = (name: string) =>
  `${name} is not in this clone (public report, not committed: web/src/instance/fixtures/README.md)`;
