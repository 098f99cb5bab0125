// The replacement policies a scenario's `policy` may name: the names are the engine's
// registry (`policyNames()`, wasm-core/engine/src/buffer/cache/replacement/mod.rs), in its order;
// what the page calls each and the one line it says about it are here. A name the engine
// registers and this table does not know is shown as the engine spells it.
import { policyNames as wasmPolicyNames } from '../wasm/pkg/cachesim.js';
import type { Profile } from './generated/Profile';
import { traitsOf } from './profile';

export interface PolicyInfo {
  /** The registered name (the scenario's `policy`). */
  name: string;
  /** Its name in a sentence: "ARC", "Belady's OPT", "8i touch count". */
  label: string;
  /** One line: what a hit does, where a new block goes, which block goes first. */
  line: string;
}

const WORDS: Record<string, Omit<PolicyInfo, 'name'>> = {
  lru: {
    label: '8.0 classic LRU',
    line: 'a hit moves the block to the MRU head; the least recently used block goes first',
  },
  'touch-count': {
    label: '8i touch count',
    line: 'new blocks enter at the midpoint; reaching the cold tail, a block touched twice or more moves to the hot region',
  },
  fifo: { label: 'FIFO', line: 'a hit changes nothing; the oldest block goes first' },
  clock: {
    label: 'CLOCK',
    line: 'a hit sets a reference bit; the hand clears set bits and takes the first clear one',
  },
  sieve: {
    label: 'SIEVE',
    line: 'a hit sets a visited bit; the hand moves head-ward, sparing visited blocks in place',
  },
  's3-fifo': {
    label: 'S3-FIFO',
    line: 'a small FIFO for new blocks, a main FIFO for those hit there, a ghost queue of the rest',
  },
  '2q': {
    label: '2Q',
    line: 'new blocks in the A1in FIFO; one seen again after leaving it (ghost A1out) joins the Am LRU',
  },
  arc: {
    label: 'ARC',
    line: 'T1 (seen once) and T2 (seen twice); hits in the ghost lists B1, B2 move the target p',
  },
  lirs: {
    label: 'LIRS',
    line: 'blocks with a short reuse distance (LIR) stay; a small share of HIR blocks come and go',
  },
  opt: {
    label: "Belady's OPT",
    line: 'knows the future: takes the block whose next use is farthest away (the optimum)',
  },
};

let names: string[] | null = null;

/** Every registered policy's name, in the engine's registry order (the engine must be loaded). */
export function policyNames(): string[] {
  names ??= wasmPolicyNames();
  return names;
}

/** What the page says about policy `name`. */
export function policyInfo(name: string): PolicyInfo {
  return { name, ...(WORDS[name] ?? { label: name, line: '' }) };
}

/** Every registered policy with its words. */
export const policies = (): PolicyInfo[] => policyNames().map(policyInfo);

/** The policy's name in a sentence ("ARC", "Belady's OPT"). */
export const policyLabel = (name: string): string => policyInfo(name).label;

/** The policy a scenario runs: its own `policy`, else its profile's Oracle rules. */
export const policyOf = (s: { profile: Profile; policy?: string }): string =>
  s.policy ?? traitsOf(s.profile).replacement;
