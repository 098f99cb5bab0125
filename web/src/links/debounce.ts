// A trailing debounce with an explicit clock, so tests drive it without real timers.

export interface Clock {
  setTimeout(f: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Debounced<T> {
  /** Write `value` once nothing else was scheduled for `delayMs`. */
  schedule(value: T): void;
  /** Write what is pending now (if anything). */
  flush(): void;
  /** Drop what is pending. */
  cancel(): void;
  readonly pending: boolean;
}

const realClock: Clock = {
  setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * `write` the last value scheduled, `delayMs` after the last `schedule` — a burst of edits
 * becomes one write once it settles — and at the latest `maxWaitMs` after the first one still
 * pending, so a playback that moves the position every frame is written every `maxWaitMs`.
 */
export function debounced<T>(
  write: (value: T) => void,
  delayMs: number,
  clock: Clock = realClock,
  maxWaitMs = Infinity,
): Debounced<T> {
  let handle: unknown = null;
  let deadline: unknown = null;
  let value: { v: T } | null = null;
  const clear = () => {
    if (handle !== null) clock.clearTimeout(handle);
    if (deadline !== null) clock.clearTimeout(deadline);
    handle = deadline = null;
  };
  const fire = () => {
    clear();
    const pending = value;
    value = null;
    if (pending) write(pending.v);
  };
  return {
    schedule(v) {
      value = { v };
      if (handle !== null) clock.clearTimeout(handle);
      handle = clock.setTimeout(fire, delayMs);
      if (deadline === null && Number.isFinite(maxWaitMs))
        deadline = clock.setTimeout(fire, maxWaitMs);
    },
    flush() {
      fire();
    },
    cancel() {
      clear();
      value = null;
    },
    get pending() {
      return value !== null;
    },
  };
}
