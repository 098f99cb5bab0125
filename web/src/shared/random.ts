// A small seeded generator for tests and benchmarks (deterministic, not the engine's: the
// exercises port the engine's SplitMix64, web/src/exercise/rng.ts).

/** mulberry32: a uniform number in [0, 1) per call, from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
