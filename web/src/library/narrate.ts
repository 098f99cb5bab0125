// The library cache's events in words (seed 001): what a session did with its statement, and
// which rule and init.ora parameter (or SQLSlammer setting) made it happen. The rules are the
// engine's (wasm-core/engine/src/library: sched/session.rs, objects.rs, sched/latch.rs, sched/mod.rs).
import { libraryConstants } from '../sim/library';
import type * as library from '../sim/library';
import type { NarrationGroup, NarrationLine } from '../shared/narration';
import { plural } from '../shared/words';

export interface NarrationContext {
  config: library.Config;
}

/** The engine's fixed constants (flush batch and tries, time slice, DBMS_SQL calls, latch
 * sleeps), read from the engine when first needed. */
const k = () => libraryConstants();
/** The first latch sleeps in ms: 10, 10, 20, 20, 40 (doubling every second sleep). */
const sleeps = () => {
  const f = k().latch_sleep_ns / 1e6;
  return [f, f, 2 * f, 2 * f, 4 * f].join(', ');
};

/** The events that complete a phase: the position counts them. */
const PHASES: ReadonlySet<library.Event['type']> = new Set(['chain_walk', 'execute', 'unpin']);
export const isPhase = (e: library.Event): boolean => PHASES.has(e.type);

const ms = (ns: number) => `${(ns / 1e6).toFixed(ns % 1e6 === 0 ? 0 : 2)} ms`;
const secs = (ns: number) => `${(ns / 1e9).toFixed(ns % 1e9 === 0 ? 0 : 2)} s`;
const mb = (bytes: number) => {
  const m = bytes / 2 ** 20;
  return `${Number.isInteger(m) ? m : m.toFixed(1)} MB`;
};
/** A simulated time for a group title. */
export const clock = (ns: number) =>
  ns < 1e9 ? `${(ns / 1e6).toFixed(3)} ms` : `${(ns / 1e9).toFixed(4)} s`;

/** A long statement with its middle elided (the literal is at the end, the padding inside). */
export function clip(text: string, max = 140): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

/** A latch's name as V$LATCH children read. */
export function latchName(cfg: library.Config, l: library.Latch): string {
  if (l.name === 'shared_pool') return 'the shared pool latch';
  return cfg.latches <= 1 ? 'the library cache latch' : `library cache latch child ${l.child}`;
}

const childName = (cfg: library.Config, child: number) =>
  latchName(cfg, { name: 'library_cache', child });

const latchRule = (cfg: library.Config, l: library.Latch) =>
  l.name === 'shared_pool'
    ? 'one shared pool latch covers every allocation'
    : cfg.latches <= 1
      ? 'one library cache latch (_kgl_latch_count 0)'
      : `child = bucket mod _kgl_latch_count ${cfg.latches}`;

const PIECES = {
  handle: 'the handle',
  heap0: 'heap 0',
  heap6: 'heap 6 (the plan)',
  heap0_extent: "heap 0's extent (freeable)",
  child_heap0: "the child cursor's heap 0",
  heap6_extent: "heap 6's extent (freeable)",
} as const;

/** The parse pins' steps (engine: sched/session.rs PARSE_PIN_CYCLES). */
const PIN_STEPS = [
  "the parent's heap 0, to look for a usable child",
  "the parent's heap 0, to create the child",
  "the child's heap 0, while it is parsed",
  'heap 6, while the plan is built',
];

/** Why a statement was not found: the workload's sharing. */
function notFoundWhy(cfg: library.Config): string {
  if (cfg.cursor_sharing === 'EXACT' && !cfg.use_bindvars) {
    return 'literal SQL (use_bindvars false, cursor_sharing EXACT): each new literal is a new text, so no cursor matches';
  }
  return cfg.use_bindvars
    ? 'first sight of this bind-variable text (use_bindvars true), or its handle was flushed'
    : 'first sight of the FORCE-rewritten text (cursor_sharing FORCE), or its handle was flushed';
}

/** How a timed sleep ends: on the OS clock tick, or exactly. */
const onTick = (cfg: library.Config) =>
  cfg.clock_tick_ms > 0
    ? `, ending on the next ${cfg.clock_tick_ms} ms clock tick (cost.library.clock_tick_ms)`
    : '';

/** One event in words. */
export function narrateEvent(ctx: NarrationContext, e: library.Event): NarrationLine {
  const cfg = ctx.config;
  const line = (text: string, why: string): NarrationLine => ({ kind: e.type, text, why });
  const pool = `shared_pool_size ${mb(cfg.pool_bytes)}`;
  switch (e.type) {
    case 'statement': {
      const where = `hash ${e.hash} → bucket ${e.bucket} → ${childName(cfg, e.latch)}`;
      const hashing = `bucket = hash mod buckets (_kgl_bucket_count: ${cfg.buckets} at startup); ${latchRule(cfg, { name: 'library_cache', child: e.latch })}`;
      if (e.forced !== null) {
        return line(
          `sends ${clip(e.text)} → FORCE: ${clip(e.forced)}; ${where}`,
          `cursor_sharing FORCE: literals become :"SYS_B_n" binds before hashing, so texts differing only in literals share one cursor; ${hashing}`,
        );
      }
      return line(
        `sends ${clip(e.text)}; ${where}`,
        `cursor_sharing EXACT: the text is hashed as sent (${cfg.use_bindvars ? 'use_bindvars true: :HV, one text for every value' : 'use_bindvars false: literal SQL'}); ${hashing}`,
      );
    }
    case 'chain_walk': {
      const latch = childName(cfg, e.bucket % Math.max(1, cfg.latches));
      const result = e.found === null ? 'not in the library cache' : `found object ${e.found}`;
      return line(
        `walked ${e.walked} of ${plural(e.chain_len, 'handle')} on bucket ${e.bucket}'s chain under ${latch} → ${result}`,
        `parse: the bucket's chain is walked newest first comparing texts, holding the latch (V$LIBRARYCACHE gets + 1); longer chains mean more work under it — objects over buckets (_kgl_bucket_count)`,
      );
    }
    case 'soft_parse':
      return line(
        `soft parse: object ${e.obj} is in memory with heap 6 → pinned and shared`,
        'found → soft parse: syntax and privilege checks only, no shared pool allocation (gethits + 1, pinhits + 1)',
      );
    case 'hard_parse':
      return e.reload
        ? line(
            `reload: object ${e.obj}'s handle was found but heap 6 had been flushed → rebuilt`,
            `heap 6 is recreatable: it was freed from the LRU to make room in the ${pool}; finding the handle without it is a reload (V$LIBRARYCACHE reloads + 1, parse count (hard) + 1)`,
          )
        : line(
            `hard parse: not found → object ${e.obj}'s handle goes on the chain, heaps 0 and 6 are built`,
            `${notFoundWhy(cfg)} → hard parse: allocate from the shared pool, parse and optimize (parse count (hard) + 1)`,
          );
    case 'load_wait':
      return line(
        `object ${e.obj} is being loaded by session ${e.loader} → waits on its load lock`,
        'found, but another session is building it: wait until it is loaded, then look it up again',
      );
    case 'alloc': {
      const what = `${PIECES[e.piece]} of object ${e.obj}: ${e.size} bytes`;
      const searched = `examined ${plural(e.examined, 'free chunk')}`;
      const flushed =
        e.flushed > 0
          ? `, flushed ${plural(e.flushed, 'LRU chunk')} (${plural(e.tries, 'search')})`
          : '';
      const under =
        e.piece === 'handle'
          ? 'the shared pool and library cache latches'
          : 'the shared pool latch';
      const text =
        e.offset === null
          ? `no room for ${what}: ${searched}${flushed} under ${under}`
          : `allocated ${what} at offset ${e.offset}: ${searched}${flushed} under ${under}`;
      const latches = `holding ${under}`;
      const why =
        e.flushed > 0
          ? `no free chunk fit → unpinned recreatable chunks freed from the LRU tail ${k().flush_batch} at a time, coalesced, and the search repeated (at most ${k().flush_tries} times), ${latches}; ${pool}`
          : `first fit on the free lists from the size's bucket up, ${latches}: each chunk examined is time under the latch (${pool})`;
      return line(text, why);
    }
    case 'parse_pin':
      return line(
        e.dependency
          ? `hard parse pins and releases ${e.dependency}, which object ${e.obj} depends on`
          : `hard parse pins and releases ${PIN_STEPS[e.step] ?? 'a heap'} (object ${e.obj})`,
        `8i cursor build (cost.library.cursor_pieces): each pin takes a recreatable chunk off the shared pool LRU and the release puts it back — "pins and releases" + 2 — under the library cache latch and the shared pool latch that guards the LRU`,
      );
    case 'ora04031':
      return line(
        `ORA-04031: unable to allocate ${e.size} bytes of shared memory → the statement fails`,
        `nothing fit after ${k().flush_tries} rounds of flushing: what is left is pinned, freeable or permanent (${pool})`,
      );
    case 'execute':
      return line(
        `executes object ${e.obj}`,
        cfg.use_nds
          ? 'use_nds true: Native Dynamic SQL, one call per execution (execute count + 1)'
          : `use_nds false: DBMS_SQL, ${k().dbms_sql_extra_calls} extra package calls, each a library cache latch get and a pin (execute count + 1)`,
      );
    case 'unpin':
      return line(
        e.to_lru
          ? `object ${e.obj} unpinned: its last pin → its heaps go on the shared pool LRU`
          : `object ${e.obj} unpinned: still pinned by another session (or KEPT)`,
        'the execution releases its pin under the library cache latch; only unpinned recreatable chunks can be flushed',
      );
    case 'rehash':
      return line(
        `the bucket array doubles ${e.buckets_before} → ${e.buckets_after}: ${plural(e.handles, 'handle')} re-hashed`,
        `objects reached twice the buckets → double (no longer prime) and re-hash every handle, holding all ${plural(cfg.latches, 'library cache latch')} (_kgl_bucket_count sets the start)`,
      );
    case 'latch_miss':
      return line(
        `latch miss: ${latchName(cfg, e.latch)} is held by session ${e.holder} → spins`,
        `a willing-to-wait get found it busy (misses + 1): spin _spin_count ${cfg.spin_count} iterations on the CPU${cfg.cpu_count === 1 ? '; with cpu_count 1 the holder is off the CPU, so the spin cannot succeed' : ''}`,
      );
    case 'spin_get':
      return line(
        `got ${latchName(cfg, e.latch)} while spinning`,
        `its holder freed it on another CPU within the _spin_count ${cfg.spin_count} spin (spin_gets + 1, cpu_count ${cfg.cpu_count})`,
      );
    case 'latch_sleep':
      return line(
        `spin failed → sleeps ${ms(e.ns)} for ${latchName(cfg, e.latch)} (latch free wait)`,
        `still held after _spin_count ${cfg.spin_count} iterations: sleep ${sleeps()} … ms (at most ${k().max_latch_sleep_ns / 1e9} s)${onTick(cfg)}, then try again (sleeps + 1)`,
      );
    case 'wait_end': {
      const what =
        e.latch === null
          ? 'library cache load lock wait'
          : `latch free wait for ${latchName(cfg, e.latch)}`;
      if (!cfg.waits_end_on_cpu) {
        return line(
          `${what} ends with its sleep: ${ms(e.ns)}`,
          'cost.library.waits_end_on_cpu off: a wait is timed as its sleep alone, not until the session is back on a CPU',
        );
      }
      return line(
        `back on a CPU → ${what} timed ${ms(e.ns)}` +
          (e.queued_ns > 0
            ? ` (${ms(e.ns - e.queued_ns)} asleep, ${ms(e.queued_ns)} queued for the CPU)`
            : ''),
        'Oracle times a wait by reading the clock before it and again after it, and the second read runs only once the woken session has a CPU: on a busy CPU the run queue counts as wait time (cost.library.waits_end_on_cpu)',
      );
    }
    case 'preempt': {
      const held = e.holding.map((l) => latchName(cfg, l));
      return line(
        held.length > 0
          ? `preempted off CPU ${e.cpu} holding ${held.join(' and ')}`
          : `preempted off CPU ${e.cpu}`,
        `its ${k().time_slice_ns / 1e6} ms time slice ended with sessions queued (cpu_count ${cfg.cpu_count})` +
          (held.length > 0
            ? ': it keeps the latch while off the CPU, so every session needing it spins and sleeps'
            : ''),
      );
    }
    case 'timeslices': {
      const who =
        e.sessions.length <= 6
          ? `sessions ${e.sessions.join(', ')}`
          : plural(e.sessions.length, 'session');
      return line(
        `${who} shared ${plural(e.cpus, 'CPU')} round-robin for ${secs(e.until_ns - e.at_ns)}: ${e.preemptions.toLocaleString('en-US')} time slices passed in one go`,
        `each has a long CPU burst left, holds no latch and nobody is due to wake, so every ${k().time_slice_ns / 1e6} ms time slice only passes the CPU on (cpu_count ${cfg.cpu_count}): whole rounds are applied at once, exactly as one by one`,
      );
    }
    case 'sleep':
      return line(
        `slam done → sleeps ${secs(e.ns)}`,
        `SQLSlammer's slam_sleeptime: after stmts_per_slam statements each session sleeps${onTick(cfg)}`,
      );
    case 'done':
      return line(
        'finished all its slams',
        `SQLSlammer ran total_slams slams${e.session === 0 ? '; session 0 is the timed foreground (the elapsed time the seed reports)' : ''}`,
      );
  }
}

/** The headline of a group: what its events amount to. */
function label(e: library.Event): string | null {
  switch (e.type) {
    case 'statement':
      return 'statement';
    case 'chain_walk':
      return 'lookup';
    case 'hard_parse':
      return e.reload ? 'reload' : 'hard parse';
    case 'soft_parse':
      return 'soft parse';
    case 'load_wait':
      return 'load wait';
    case 'ora04031':
      return 'ORA-04031';
    case 'rehash':
      return 'rehash';
    case 'execute':
      return 'execute';
    case 'unpin':
      return 'unpin';
    default:
      return null;
  }
}

const MINOR: Partial<Record<library.Event['type'], string>> = {
  alloc: 'allocation',
  latch_miss: 'latch get',
  spin_get: 'latch get',
  latch_sleep: 'latch sleep',
  wait_end: 'wait timed',
  preempt: 'preempted',
  parse_pin: 'parse pins',
  timeslices: 'time slices',
  sleep: 'slam sleep',
  done: 'done',
};

function title(events: library.Event[]): string {
  const first = events[0];
  let labels = events.map(label).filter((l): l is string => l !== null);
  if (labels.includes('statement')) labels = labels.filter((l) => l !== 'lookup');
  if (labels.length === 0) labels = events.map((e) => MINOR[e.type] ?? e.type);
  const unique = labels.filter((l, i) => labels.indexOf(l) === i);
  const who = `session ${first.session}${first.session === 0 ? ' (foreground)' : ''}`;
  return `${who} · ${unique.join(' · ')} · t ${clock(first.at_ns)}`;
}

/**
 * Group a step's events by session, in order: a group is a run of one session's events, and
 * starts afresh at a statement or at a second phase. `position` is the phase count after the
 * group, counting each chain_walk, execute and unpin from `before` (where the step started).
 */
export function narrateEvents(
  ctx: NarrationContext,
  events: library.Event[],
  before: number,
): NarrationGroup[] {
  const runs: { events: library.Event[]; position: number; phased: boolean }[] = [];
  let position = before;
  for (const e of events) {
    const last = runs[runs.length - 1];
    const phase = isPhase(e);
    const fresh =
      !last ||
      last.events[0].session !== e.session ||
      e.type === 'statement' ||
      (phase && last.phased);
    if (phase) position += 1;
    if (fresh) runs.push({ events: [e], position, phased: phase });
    else {
      last.events.push(e);
      last.position = position;
      last.phased ||= phase;
    }
  }
  return runs.map((r) => ({
    position: r.position,
    title: title(r.events),
    lines: r.events.map((e) => narrateEvent(ctx, e)),
  }));
}

/** A piece of a statement text: `lit` marks a literal (before) or its bind (after FORCE). */
export interface TextPart {
  text: string;
  lit: boolean;
}

const BIND = /:"SYS_B_\d+"/g;

/** The literal at `i` of `text` as FORCE reads it: a quoted string or a number. */
function literalEnd(text: string, i: number): number {
  if (text[i] === "'") {
    let j = i + 1;
    while (j < text.length) {
      if (text[j] === "'") {
        if (text[j + 1] === "'") j += 2;
        else return j + 1;
      } else j += 1;
    }
    return j;
  }
  const m = /^[0-9.]+(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
  return m ? i + m[0].length : -1;
}

/**
 * A statement before and after CURSOR_SHARING = FORCE, cut into parts so that each literal
 * and the bind that replaced it can be highlighted; null if the texts do not line up.
 */
export function splitForced(
  before: string,
  after: string,
): { before: TextPart[]; after: TextPart[] } | null {
  const b: TextPart[] = [];
  const a: TextPart[] = [];
  let i = 0;
  let last = 0;
  const fixed = (s: string) => {
    if (!before.startsWith(s, i)) return false;
    if (s) {
      b.push({ text: s, lit: false });
      a.push({ text: s, lit: false });
    }
    i += s.length;
    return true;
  };
  for (const m of after.matchAll(BIND)) {
    if (!fixed(after.slice(last, m.index))) return null;
    const end = literalEnd(before, i);
    if (end <= i) return null;
    b.push({ text: before.slice(i, end), lit: true });
    a.push({ text: m[0], lit: true });
    i = end;
    last = m.index + m[0].length;
  }
  if (!fixed(after.slice(last)) || i !== before.length) return null;
  return { before: b, after: a };
}
