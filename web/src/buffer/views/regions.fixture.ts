// The regions of Oracle's two policies as the engine names them (`Layout.regions`), for tests
// that lay out hand-made frames; lruLayout.test checks them against the engine's own.
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';

/** 8i touch count: hot, then cold after the midpoint. */
export const TOUCH: RegionDef[] = [
  {
    name: 'hot',
    label: 'hot',
    tone: 'hot',
    head_tag: ['HOT HEAD', 'HOT'],
    tail_tag: null,
    boundary_tag: null,
    legend: 'hot region',
  },
  {
    name: 'cold',
    label: 'cold',
    tone: 'cold',
    head_tag: null,
    tail_tag: ['COLD TAIL', 'TAIL'],
    boundary_tag: ['MIDPOINT', 'MID'],
    legend: 'cold region',
  },
];

/** 8.0 classic LRU: one list from the MRU head to the LRU tail. */
export const LRU: RegionDef[] = [
  {
    name: 'lru',
    label: 'LRU list',
    tone: 'cold',
    head_tag: ['MRU HEAD', 'MRU'],
    tail_tag: ['LRU TAIL', 'LRU'],
    boundary_tag: null,
    legend: 'LRU list (MRU → LRU)',
  },
];
