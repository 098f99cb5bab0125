// The engine's seeded generator (wasm-core/engine/src/common.rs, `Rng`: SplitMix64) in
// TypeScript, bit for bit: 64-bit arithmetic in BigInt, so an exercise's seed gives the same
// exercise in every browser and in Node. `below` is the engine's own (the high 32 bits times n).

const MASK = (1n << 64n) - 1n;

export class Rng {
  private state: bigint;

  constructor(seed: number | bigint) {
    this.state = BigInt(seed) & MASK;
  }

  nextU64(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }

  /** Uniform in 0..n (n > 0). */
  below(n: number): number {
    return Number(((this.nextU64() >> 32n) * BigInt(n)) >> 32n);
  }

  /** Uniform in lo..=hi. */
  between(lo: number, hi: number): number {
    return lo + this.below(hi - lo + 1);
  }

  /** True with probability `p` (0..1, in 1/1000ths). */
  chance(p: number): boolean {
    return this.below(1000) < Math.round(p * 1000);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }

  /** `items` shuffled (Fisher–Yates), a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * What an address's `?exercise=` text asks for: its seed (parseSeed), and, when the text is
 * not an exercise number, a note saying so and which exercise it opened — a seed of ten
 * digits, a sign or a typo opens the exercise its text names, which is not the one meant.
 */
export function readSeed(text: string): { seed: number; note: string | null } {
  const seed = parseSeed(text);
  const t = text.trim();
  if (/^\d{1,9}$/.test(t)) return { seed, note: null };
  const shown = t.length > 40 ? `${t.slice(0, 40)}…` : t;
  return {
    seed,
    note:
      `“${shown}” is not an exercise number (a whole number of 1 to 9 digits), so it was ` +
      `read as a name: this is exercise ${seed}, the same for everyone who opens this link.`,
  };
}

/** A seed as a link writes it: digits, at most 9 of them (any other text is hashed). */
export function parseSeed(text: string): number {
  const t = text.trim();
  if (/^\d{1,9}$/.test(t)) return Number(t);
  let h = 2166136261;
  for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619) >>> 0;
  return h % 1_000_000_000;
}
