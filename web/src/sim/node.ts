// Load the wasm engine under Node (headless runner, benchmarks, Vitest): the same module the
// browser loads, from its bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngineSync } from './engine';

export const WASM_PATH = fileURLToPath(new URL('../wasm/pkg/cachesim_bg.wasm', import.meta.url));

export function loadEngineNode(): void {
  loadEngineSync(readFileSync(WASM_PATH));
}
