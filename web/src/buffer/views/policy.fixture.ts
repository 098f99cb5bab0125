// Hand-made policy states with everything a view draws (ghost lists, a hand, marks, status
// words, adaptive numbers), for tests of ./policyState and ./policyChrome. The shapes are the
// engine's `PolicyState`; policies.spec checks the real ones in the page.
import type { PolicyView } from '../../sim/engine';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';

const dba = (seg: number, block: number) => ((seg + 1) << 22) | (block + 1);

/** ARC-like: T1 and T2 resident, B1 and B2 remembered, p adapting. */
export const ARC_REGIONS: RegionDef[] = [
  {
    name: 't1',
    label: 'T1',
    tone: 'cold',
    head_tag: ['T1 MRU', 'T1'],
    tail_tag: null,
    boundary_tag: null,
    legend: 'T1: seen once',
  },
  {
    name: 't2',
    label: 'T2',
    tone: 'hot',
    head_tag: ['T2 MRU', 'T2'],
    tail_tag: ['T2 LRU', 'LRU'],
    boundary_tag: null,
    legend: 'T2: seen twice or more',
  },
];

export const ARC_STATE: PolicyView = {
  ghosts: [
    { name: 'b1', label: 'B1', dbas: [dba(0, 9), dba(0, 8), dba(1, 3)], capacity: 8 },
    { name: 'b2', label: 'B2', dbas: [dba(1, 1)], capacity: 8 },
  ],
  hand: null,
  mark_name: null,
  marks: [],
  status: [],
  params: [{ name: 'p', value: 3, note: 'target size of T1' }],
};

/** CLOCK-like: a hand and a reference bit per buffer. */
export const CLOCK_STATE: PolicyView = {
  ghosts: [],
  hand: 2,
  mark_name: 'reference bit',
  marks: [
    [0, 1],
    [1, 0],
    [2, 1],
    [3, 0],
  ],
  status: [],
  params: [],
};

/** LIRS-like: LIR/HIR words, an unbounded ghost of non-resident HIR blocks. */
export const LIRS_STATE: PolicyView = {
  ghosts: [
    { name: 'nhir', label: 'non-resident HIR', dbas: [dba(0, 20), dba(0, 21)], capacity: null },
  ],
  hand: null,
  mark_name: null,
  marks: [],
  status: [
    [0, 'LIR'],
    [1, 'HIR'],
  ],
  params: [{ name: 'Lhirs', value: 1, note: 'resident HIR blocks' }],
};

/** OPT-like: the next use of each buffer, null for never. */
export const OPT_STATE: PolicyView = {
  ghosts: [],
  hand: null,
  mark_name: 'next use in',
  marks: [
    [0, 4],
    [1, null],
    [2, 12500],
  ],
  status: [],
  params: [],
};
