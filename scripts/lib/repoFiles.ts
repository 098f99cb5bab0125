// The repository's files, for the tests that read the tree (scripts/readme.test.ts,
// scripts/noclock.test.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every file below `dir` (relative to the repository) that `keep` takes, as a path relative to
 * the repository; installed packages and build output (node_modules, target) left out.
 */
export const repoFiles = (dir: string, keep: (path: string) => boolean): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => !f.includes('node_modules') && !f.includes('/target/') && keep(f));
