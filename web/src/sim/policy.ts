// The replacement policies a scenario's `policy` may name, as the engine registers them
// (`policyNames()`, wasm-core/engine/src/buffer/cache/replacement/mod.rs), in its order: each
// policy's name, label, one line and libCacheSim name are constants of its own Rust file. A
// name the engine does not register is shown as it is spelled.
import { policyNames as wasmPolicies } from '../wasm/pkg/cachesim.js';
import type { PolicyInfo } from './generated/buffer/PolicyInfo';
import type { Profile } from './generated/Profile';
import { traitsOf } from './profile';

export type { PolicyInfo };

let table: PolicyInfo[] | null = null;

/** Every registered policy with its words, in the engine's registry order (the engine must be
 * loaded). */
export function policies(): PolicyInfo[] {
  table ??= JSON.parse(wasmPolicies()) as PolicyInfo[];
  return table;
}

/** Every registered policy's name, in the engine's registry order. */
export const policyNames = (): string[] => policies().map((p) => p.name);

/** What the engine says about policy `name`. */
export function policyInfo(name: string): PolicyInfo {
  return (
    policies().find((p) => p.name === name) ?? { name, label: name, line: '', libcachesim: null }
  );
}

/** The policy's name in a sentence ("ARC", "Belady's OPT"). */
export const policyLabel = (name: string): string => policyInfo(name).label;

/** The policy a scenario runs: its own `policy`, else its profile's Oracle rules. */
export const policyOf = (s: { profile: Profile; policy?: string }): string =>
  s.policy ?? traitsOf(s.profile).replacement;
