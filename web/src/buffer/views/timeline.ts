// The animation of one step, as a pure function of its events: which buffer is highlighted
// when, with what caption, and when each buffer that moves starts to move.
//
// The engine gives the state before (the previous frame) and after (this frame) a step,
// never anything in between; so highlights that belong to the scan (inspect, promote,
// dirty skip, victim, cool) are shown where the buffer WAS, and moves end where `order`
// puts it now.
import type { Event } from '../../sim/engine';

export type StepKind =
  | 'hit'
  | 'too_soon'
  | 'to_head'
  | 'free'
  | 'inspect'
  | 'promote'
  | 'cool'
  | 'dirty_skip'
  | 'victim'
  | 'insert'
  | 'dirty'
  | 'write'
  | 'written'
  | 'wait';

export interface AnimStep {
  kind: StepKind;
  /** The buffer, or -1 for a set-wide step (a wait). */
  buf: number;
  /** The working set, for set-wide steps. */
  set: number;
  at: number;
  dur: number;
  label: string;
  /** Where to show it: where the buffer was before the step, or where it is now. */
  where: 'before' | 'after';
  /** Whether the caption is worth printing (scans can inspect hundreds of buffers). */
  caption: boolean;
}

export interface Timeline {
  steps: AnimStep[];
  /** When each buffer an event moves starts its flight (ms from the start of the step). */
  moveAt: Map<number, number>;
  /** When each buffer an event names takes its new look (colour, touch count, dirty mark). */
  changeAt: Map<number, number>;
  /** When the buffers that only shift (everyone else) move. */
  settleAt: number;
  moveDur: number;
}

const MAX_BEAT = 420;
const MAX_CAPTIONS = 12;

const PLACE_LABEL = {
  midpoint: 'read → midpoint',
  cold_tail: 'read → cold tail',
  mru_head: 'read → MRU head',
  lru_tail: 'read → LRU tail',
} as const;

const secs = (ns: number) => `${(ns / 1e9).toFixed(ns < 1e10 ? 1 : 0)} s`;

type Beat = Omit<AnimStep, 'at' | 'dur' | 'caption'> & { moves?: boolean; quiet?: boolean };

/**
 * A buffer's touch count in a caption, for the policies that keep one ("tch 0" means nothing
 * to FIFO, CLOCK, ARC …: issue 41 #3).
 */
const tchOf = (touch: boolean, tch: number, sep = ' · ') => (touch ? `${sep}tch ${tch}` : '');

function beatsOf(e: Event, touch: boolean): Beat[] {
  const b = (
    kind: StepKind,
    buf: number,
    label: string,
    where: 'before' | 'after',
    moves = false,
  ) => ({
    kind,
    buf,
    set: -1,
    label,
    where,
    moves,
  });
  switch (e.type) {
    case 'hit':
      if (e.touch === 'moved_to_head')
        return [b('to_head', e.buf, 'hit → MRU head', 'before', true)];
      if (e.touch === 'stayed')
        return [
          b(
            'hit',
            e.buf,
            e.get === 'examination' ? 'examination · not a pool get' : 'hit · index block stays',
            'after',
          ),
        ];
      if (e.touch === 'too_soon')
        return [
          b('too_soon', e.buf, `hit · too soon (${secs(e.since_touch_ns)} < touch time)`, 'after'),
        ];
      // the policies without touch counts: what the hit did, in the policy's terms
      if (e.touch === 'marked') return [b('hit', e.buf, 'hit · marked', 'after')];
      if (e.touch === 'moved') return [b('to_head', e.buf, 'hit → moved', 'before', true)];
      if (e.touch === 'unchanged') return [b('hit', e.buf, 'hit · stays', 'after')];
      return [b('hit', e.buf, `hit · tch ${e.tch_before}→${e.tch_after}`, 'after')];
    case 'free_buffer':
      return [b('free', e.buf, 'free buffer', 'before')];
    case 'inspect':
      return [
        {
          ...b(
            'inspect',
            e.buf,
            `inspect${tchOf(touch, e.tch)}${e.dirty ? ' · dirty' : ''}`,
            'before',
          ),
          quiet: true,
        },
      ];
    case 'promote':
      return [
        b('promote', e.buf, `tch ${e.tch_before} → hot head (tch ${e.tch_after})`, 'before', true),
      ];
    case 'cool':
      return [
        b('cool', e.buf, `cools → cold (tch ${e.tch_before}→${e.tch_after})`, 'before', true),
      ];
    case 'dirty_skip':
      return [b('dirty_skip', e.buf, 'dirty → write list', 'before', true)];
    case 'victim':
      return [b('victim', e.buf, touch ? `victim (tch ${e.tch})` : 'victim', 'before')];
    case 'insert':
      return [b('insert', e.buf, PLACE_LABEL[e.place], 'after', true)];
    case 'dirty':
      return [b('dirty', e.buf, 'changed → dirty', 'after')];
    case 'dbwr_write':
      return e.buffers.map((buf, i) => ({
        ...b('write', buf, `DBWR ${e.dbwr} writes ${e.buffers.length}`, 'after'),
        quiet: i > 0,
      }));
    case 'dbwr_complete':
      return e.buffers.map((buf, i) => ({
        ...b('written', buf, 'written → clean, to the tail', 'after', true),
        quiet: i > 0,
      }));
    case 'free_buffer_wait':
      return [{ ...b('wait', -1, `free buffer wait ${secs(e.waited_ns)}`, 'after'), set: e.set }];
    case 'write_complete_wait':
      return [b('wait', e.buf, `write complete wait ${secs(e.waited_ns)}`, 'after')];
    default:
      return [];
  }
}

/** The steps of a step's events, spread over `durationMs`; `touch`: the policy keeps
 *  touch counts (its captions name them). */
export function buildTimeline(events: Event[], durationMs: number, touch = true): Timeline {
  const beats: Beat[] = events.flatMap((e) => beatsOf(e, touch));
  // Count beats: a batch's buffers share the beat of its first.
  const slotOf: number[] = [];
  let slots = 0;
  beats.forEach((x, i) => {
    const grouped =
      (x.kind === 'write' || x.kind === 'written') &&
      i > 0 &&
      x.quiet &&
      beats[i - 1].kind === x.kind;
    slotOf.push(grouped ? slotOf[i - 1] : slots++);
  });
  const total = Math.max(0, durationMs);
  const moveDur = Math.min(360, total * 0.3);
  const beat = slots ? Math.min(MAX_BEAT, (total - moveDur) / slots) : 0;
  const moveAt = new Map<number, number>();
  const changeAt = new Map<number, number>();
  const steps: AnimStep[] = beats.map((x, i) => {
    const at = slotOf[i] * beat;
    if (x.moves && x.buf >= 0) moveAt.set(x.buf, at);
    if (x.buf >= 0) changeAt.set(x.buf, at);
    return {
      kind: x.kind,
      buf: x.buf,
      set: x.set,
      at,
      dur: Math.max(beat, Math.min(total - at, 300)),
      label: x.label,
      where: x.where,
      caption: !x.quiet || (x.kind === 'inspect' && slots <= MAX_CAPTIONS),
    };
  });
  let settleAt = 0;
  for (const t of moveAt.values()) settleAt = Math.max(settleAt, t);
  if (moveAt.size === 0) settleAt = slots ? (slots - 1) * beat : 0;
  return { steps, moveAt, changeAt, settleAt, moveDur };
}
