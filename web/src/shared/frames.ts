// Per-frame data for the D3 views (the glue between the store and each domain's views/), read
// fresh from the slot's run: the buffer cache's typed arrays are views over wasm memory (never
// keep them across engine calls), the library cache's are copies. Each domain has its own
// frames.ts (../buffer, ../io, ../library); what every frame shares is here.
import type { Sim } from '../store/slot';
import type { AppState } from '../store/store';

/** What every view's frame shares: the step's events, how to animate them, the position. */
export function stepOf<S extends Sim>(s: AppState, sim: S, fresh: boolean) {
  return {
    position: sim.position,
    events: fresh ? (sim.events as S['events']) : [],
    animate: fresh && s.animate,
    durationMs: s.durationMs,
  };
}
