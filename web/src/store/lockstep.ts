// Lockstep: the operations of ./slot over the pair of slots of a comparison (B null: A
// alone, exactly as before). Both runs serve the same workload's accesses, so "the same
// place" is the same access index (library cache: phase index); the runs are deterministic,
// so moving both there gives the numbers each would have there. When one run is shorter it
// waits at its end while the other goes on (`leadOf`).
import type { NarrationGroup } from '../shared/narration';
import { leadOf } from './compare';
import { jumpSim, resetSim, stepSim, type Sim } from './slot';

export interface Pair {
  a: Sim;
  b: Sim | null;
}

/** Whether each slot's scenario has paper figures (its mirror reads them). */
export interface Papers {
  a: boolean;
  b: boolean;
}

/** Bring `sim` forward to `target` (clamped to its run) by steps, so its views animate. */
function follow(sim: Sim, target: number, hasPaper: boolean): { sim: Sim; told: NarrationGroup[] } {
  const to = Math.min(target, sim.total);
  if (to <= sim.position || sim.run.done) return { sim, told: [] };
  return stepSim(sim, 'one', to - sim.position, hasPaper);
}

/**
 * Step both `count` accesses (`one`) or one execution/statement each (`unit`: the first
 * run not at its end steps a unit, the other follows to its position). Each run's
 * narration of its own steps: `told` A's, `toldB` B's.
 */
export function stepPair(
  { a, b }: Pair,
  how: 'one' | 'unit',
  count: number,
  papers: Papers,
): Pair & { told: NarrationGroup[]; toldB: NarrationGroup[] } {
  if (!b) {
    const r = stepSim(a, how, count, papers.a);
    return { a: r.sim, b: null, told: r.told, toldB: [] };
  }
  let told: NarrationGroup[] = [];
  let toldB: NarrationGroup[] = [];
  let target: number;
  if (how === 'one') {
    target = leadOf(a, b) + count;
    if (!a.run.done) ({ sim: a, told } = stepSim(a, 'one', count, papers.a));
    else ({ sim: b, told: toldB } = stepSim(b, 'one', count, papers.b));
  } else if (!a.run.done) {
    ({ sim: a, told } = stepSim(a, 'unit', count, papers.a));
    target = a.position;
  } else {
    ({ sim: b, told: toldB } = stepSim(b, 'unit', count, papers.b));
    target = b.position;
  }
  const fa = follow(a, target, papers.a);
  const fb = follow(b, target, papers.b);
  return {
    a: fa.sim,
    b: fb.sim,
    told: [...told, ...fa.told],
    toldB: [...toldB, ...fb.told],
  };
}

/**
 * Move both to `target` (either way, without events; each clamped to its run) within
 * `budgetMs` (a long operation calls again until both are there). A gets half the budget;
 * B then follows A exactly to where it got, so a comparison's positions stay equal even
 * mid-way; only when A waits at its end (a shorter run) does B go on with a budget of its own.
 */
export function jumpPair(
  { a, b }: Pair,
  target: number,
  papers: Papers,
  budgetMs = Infinity,
  mirror = true,
): Pair {
  const now = performance.now();
  const to = (s: Sim) => Math.min(target, s.total);
  const there = (s: Sim) => s.run.position === to(s) || (s.run.done && target >= s.run.position);
  const movedA = there(a)
    ? a
    : jumpSim(a, to(a), papers.a, now + (b ? budgetMs / 2 : budgetMs), mirror);
  if (!b) return { a: movedA, b: null };
  // B follows A exactly, unless A waits at its end and B goes on alone
  const alone = movedA.run.done && target > movedA.run.position;
  const goal = Math.min(alone ? target : movedA.run.position, b.total);
  if (b.run.position === goal) return { a: movedA, b };
  const deadline = alone ? performance.now() + budgetMs : Infinity;
  return { a: movedA, b: jumpSim(b, goal, papers.b, deadline, mirror) };
}

/** Whether both runs are at `target` (or at their ends): a long operation is over. */
export const arrived = ({ a, b }: Pair, target: number) =>
  [a, b].every((s) => !s || s.run.position === Math.min(target, s.total) || s.run.done);

/** Both back to the start. */
export const resetPair = ({ a, b }: Pair, papers: Papers): Pair => ({
  a: resetSim(a, papers.a),
  b: b && resetSim(b, papers.b),
});
