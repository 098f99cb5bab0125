import { describe, expect, it } from 'vitest';
import { debounced, type Clock } from './debounce';

/** A clock the test advances by hand. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; f: () => void }>();
  const clock: Clock = {
    setTimeout(f, ms) {
      const id = next++;
      timers.set(id, { at: now + ms, f });
      return id;
    },
    clearTimeout(h) {
      timers.delete(h as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now && timers.delete(id)) t.f();
    }
  };
  return { clock, advance, timers };
}

describe('the debounced writer', () => {
  it('writes the last value once a burst has settled', () => {
    const { clock, advance } = fakeClock();
    const writes: number[] = [];
    const w = debounced((v: number) => writes.push(v), 400, clock);
    for (let i = 1; i <= 5; i++) {
      w.schedule(i);
      advance(100);
    }
    expect(writes).toEqual([]);
    expect(w.pending).toBe(true);
    advance(299);
    expect(writes).toEqual([]);
    advance(1);
    expect(writes).toEqual([5]);
    expect(w.pending).toBe(false);
    advance(10_000);
    expect(writes).toEqual([5]);
  });

  it('keeps putting the write off while values keep coming (a playback)', () => {
    const { clock, advance } = fakeClock();
    const writes: number[] = [];
    const w = debounced((v: number) => writes.push(v), 400, clock);
    for (let frame = 0; frame < 600; frame++) {
      w.schedule(frame);
      advance(16);
    }
    expect(writes).toEqual([]);
    advance(400);
    expect(writes).toEqual([599]);
  });

  it('with a longest wait, a playback is still written that often', () => {
    const { clock, advance } = fakeClock();
    const writes: number[] = [];
    const w = debounced((v: number) => writes.push(v), 400, clock, 2000);
    for (let frame = 0; frame < 600; frame++) {
      w.schedule(frame);
      advance(16);
    }
    // 600 frames of 16 ms: 9.6 s, a write every 2 s, each the latest value at its time
    expect(writes.length).toBe(4);
    expect(writes.every((v, i) => i === 0 || v > writes[i - 1])).toBe(true);
    expect(writes[0]).toBe(124);
    advance(400);
    expect(writes.at(-1)).toBe(599);
    advance(5000);
    expect(writes.length).toBe(5);
  });

  it('flushes now, and cancels', () => {
    const { clock, advance, timers } = fakeClock();
    const writes: string[] = [];
    const w = debounced((v: string) => writes.push(v), 400, clock);
    w.schedule('a');
    w.flush();
    expect(writes).toEqual(['a']);
    expect(timers.size).toBe(0);
    w.flush();
    expect(writes).toEqual(['a']);
    w.schedule('b');
    w.cancel();
    advance(1000);
    expect(writes).toEqual(['a']);
  });
});
