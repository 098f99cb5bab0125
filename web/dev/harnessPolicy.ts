// Hand-made policy states over a run's own buffers (the views harness's `&fixture=1`): every
// structure a policy view draws — two ghost lists of blocks the set does not hold, a hand, a
// mark and a status word per buffer, an adaptive number — to look at the drawing whatever the
// run's policy keeps. `&fixture=clock`: a hand and reference bits only (the ring needs
// `&policy=clock`).
import type { Layout, PolicyView } from '../src/sim/engine';

export function fixturePolicy(
  layout: Layout,
  order: Uint32Array,
  dba: Uint32Array,
  clock = false,
): PolicyView[] {
  const held = new Set(dba);
  let offset = 0;
  return layout.sets.map((set) => {
    const n = set.hi - set.lo;
    const mine = Array.from(order.subarray(offset, offset + n));
    offset += n;
    // Blocks of the first object nobody holds: the ghosts.
    const ghosts: number[] = [];
    for (let b = 0; ghosts.length < n && b < 100_000; b++) {
      const d = (1 << 22) | (b + 1);
      if (!held.has(d)) ghosts.push(d);
    }
    if (clock)
      return {
        ghosts: [],
        hand: mine[Math.floor(n / 3)] ?? null,
        mark_name: 'reference bit',
        marks: mine.map((b): [number, number] => [b, b % 3 === 0 ? 1 : 0]),
        status: [],
        params: [],
      };
    return {
      ghosts: [
        { name: 'b1', label: 'B1', dbas: ghosts.slice(0, Math.floor(n / 3)), capacity: n },
        { name: 'b2', label: 'B2', dbas: ghosts.slice(n / 3, n / 2), capacity: n },
      ],
      hand: mine[Math.floor(n / 3)] ?? null,
      mark_name: 'next use in',
      marks: mine.map((b, i): [number, number | null] => [b, i % 7 === 3 ? null : (b * 37) % 150]),
      status: mine.map((b, i): [number, string] => [b, i % 4 === 0 ? 'HIR' : 'LIR']),
      params: [{ name: 'p', value: Math.floor(n / 4), note: 'target size of hot' }],
    };
  });
}
