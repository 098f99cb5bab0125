// A buffer cache exercise's questions and their key: the run is stepped once, access by
// access, and every answer is read from that step's events (the engine's own words: hit, miss,
// insert's place, victim, the scan's decision), with the step's narration as the explanation.
import { narrateEvents } from '../buffer/narrate';
import type { NarrationLine } from '../shared/narration';
import { SimRun, type Event, type Layout } from '../sim/engine';
import type { Plan } from './generate';
import type { Choice, Question, QuestionKind } from './types';
import { bufferChoices, setSlices } from './state';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) =>
  events.find((e): e is Of<T> => e.type === type);

/** The narration kinds that answer each kind of question. */
const ANSWERING: Record<QuestionKind, readonly string[]> = {
  hit_miss: ['chain_walk', 'hit', 'miss'],
  pool_set: ['access', 'miss'],
  placement: ['hit', 'insert'],
  victim: ['inspect', 'promote', 'cool', 'dirty_skip', 'victim'],
  scan: ['scan_start'],
  parse: ['chain_walk', 'soft_parse', 'hard_parse'],
  bucket: ['statement', 'chain_walk'],
};

export function explain(kind: QuestionKind, lines: NarrationLine[]): NarrationLine[] {
  const chosen = lines.filter((l) => ANSWERING[kind].includes(l.kind));
  return chosen.length > 0 ? chosen : lines;
}

/** Where a placement question's buffer can go, named by the policy's own region tags. */
export function placeChoices(layout: Layout): Choice[] {
  const { regions } = layout;
  // 'COLD TAIL' → 'Cold tail', 'LRU TAIL' → 'LRU tail' (the narration's words for the tags)
  const tag = (t: [string, string] | null | undefined, none: string) => {
    const w = t ? t[0].replace(/\b(?!LRU\b|MRU\b)\w+/g, (x) => x.toLowerCase()) : none;
    return w.charAt(0).toUpperCase() + w.slice(1);
  };
  const out: Choice[] = [{ id: 'head', label: tag(regions[0]?.head_tag, 'head') }];
  const boundary = regions.find((r) => r.boundary_tag);
  if (boundary) out.push({ id: 'midpoint', label: tag(boundary.boundary_tag, 'midpoint') });
  out.push({ id: 'tail', label: tag(regions.at(-1)?.tail_tag, 'tail') });
  out.push({ id: 'stays', label: 'No move: it stays where it is' });
  return out;
}

/** The engine's answer to "where does it go": an insert's place, or what a hit did. */
function placeOf(events: Event[]): string | null {
  const insert = find(events, 'insert');
  if (insert) {
    if (insert.place === 'midpoint') return 'midpoint';
    return insert.place === 'mru_head' ? 'head' : 'tail';
  }
  const hit = find(events, 'hit');
  if (hit && hit.get === 'pinned') return hit.touch === 'moved_to_head' ? 'head' : 'stays';
  return null;
}

const OPS = { read: 'a single-block read', write: 'a change', scan: 'a full-scan read' };

function blockName(layout: Layout, a: Of<'access'>): string {
  return `${layout.objects[a.seg]?.name ?? `object ${a.seg}`} block ${a.block}`;
}

function setLabel(layout: Layout, set: number): string {
  const info = layout.sets[set];
  const inPool = layout.sets.slice(0, set).filter((s) => s.pool === info.pool).length;
  return `${info.pool} pool, working set ${set} (${inPool + 1} of ${layout.sets.filter((s) => s.pool === info.pool).length} in the pool)`;
}

interface Step {
  position: number;
  events: Event[];
}

/** The kinds of question a step can answer (its candidates). */
function kindsOf(layout: Layout, events: Event[]): QuestionKind[] {
  const access = find(events, 'access');
  if (!access) return [];
  const out: QuestionKind[] = [];
  if (find(events, 'scan_start')) out.push('scan');
  if (access.direct) return out;
  const hit = find(events, 'hit');
  const miss = find(events, 'miss');
  if ((hit && hit.get === 'pinned') || miss) out.push('hit_miss');
  if (placeOf(events)) out.push('placement');
  if (miss && layout.sets.length > 1) out.push('pool_set');
  if (find(events, 'victim')) out.push('victim');
  return out;
}

/** How many questions an exercise asks, and the kinds wanted, in order of preference. */
const WANTED: QuestionKind[] = [
  'victim',
  'scan',
  'placement',
  'hit_miss',
  'pool_set',
  'victim',
  'placement',
  'hit_miss',
];
export const QUESTIONS = 6;

function choose(plan: Plan, steps: Step[], layout: Layout): { kind: QuestionKind; step: Step }[] {
  const { rng } = plan;
  const byKind = new Map<QuestionKind, Step[]>();
  for (const s of steps)
    for (const k of kindsOf(layout, s.events)) byKind.set(k, [...(byKind.get(k) ?? []), s]);
  const used = new Set<number>();
  const out: { kind: QuestionKind; step: Step }[] = [];
  // the first wanted kind is random, so that every kind leads some exercises
  const start = rng.below(WANTED.length);
  for (let i = 0; i < WANTED.length && out.length < QUESTIONS; i++) {
    const kind = WANTED[(start + i) % WANTED.length];
    const free = (byKind.get(kind) ?? []).filter((s) => !used.has(s.position));
    if (free.length === 0) continue;
    const step = rng.pick(free);
    used.add(step.position);
    out.push({ kind, step });
  }
  return out.sort((a, b) => a.step.position - b.step.position);
}

function question(run: SimRun, layout: Layout, kind: QuestionKind, step: Step): Question | null {
  const { events, position } = step;
  const access = find(events, 'access');
  if (!access) return null;
  const narration = narrateEvents(layout, events, position).flatMap((g) => g.lines);
  const base = {
    kind,
    position,
    narration,
    explanation: explain(kind, narration),
    block: { seg: access.seg, block: access.block },
  };
  const what = `${OPS[access.op]} of ${blockName(layout, access)}`;
  switch (kind) {
    case 'hit_miss':
      return {
        ...base,
        prompt: `Next: ${what}. Is it a hit or a miss?`,
        choices: [
          { id: 'hit', label: 'Hit: the block is in the cache' },
          { id: 'miss', label: 'Miss: it must be read' },
        ],
        answer: find(events, 'hit') ? 'hit' : 'miss',
      };
    case 'pool_set': {
      const miss = find(events, 'miss');
      if (!miss) return null;
      return {
        ...base,
        prompt: `Next: ${what}, which is not in the cache. Which pool and working set take the block?`,
        choices: layout.sets.map((_, i) => ({ id: String(i), label: setLabel(layout, i) })),
        answer: String(miss.set),
      };
    }
    case 'placement': {
      const answer = placeOf(events);
      if (answer === null) return null;
      const hit = find(events, 'hit');
      if (hit) {
        // a hit on the buffer already at the head moves nothing: not a question
        run.seek(position);
        const { slices } = setSlices(run);
        if (slices.some((s) => s.order[0] === hit.buf)) return null;
      }
      return {
        ...base,
        prompt: `Next: ${what}. Where does its buffer go on the replacement list?`,
        choices: placeChoices(layout),
        answer,
      };
    }
    case 'victim': {
      const victim = find(events, 'victim');
      const miss = find(events, 'miss');
      if (!victim || !miss) return null;
      run.seek(position);
      return {
        ...base,
        prompt: `Next: ${what} misses in working set ${miss.set}, which has no free buffer. Which buffer is the victim?`,
        choices: bufferChoices(run, layout, miss.set),
        answer: String(victim.buf),
        set: miss.set,
      };
    }
    case 'scan': {
      const start = find(events, 'scan_start');
      if (!start) return null;
      const obj = layout.objects[start.seg];
      return {
        ...base,
        prompt: `Next: a serial full scan of ${obj.name} (${obj.blocks} blocks${obj.cache ? ', CACHE' : ''}). Does it read direct, or through the buffer cache?`,
        choices: [
          { id: 'direct', label: 'Direct path read (into the session’s memory)' },
          { id: 'buffered', label: 'Through the buffer cache' },
        ],
        answer: start.decision.direct ? 'direct' : 'buffered',
      };
    }
    default:
      return null;
  }
}

export function bufferQuestions(plan: Plan): Question[] {
  const run = SimRun.create(plan.scenario);
  try {
    const layout = run.layoutInfo();
    run.setRecordEvents(true);
    const steps: Step[] = [];
    while (!run.done) {
      const position = run.position;
      if (run.step(1) === 0) break;
      steps.push({ position, events: run.events() });
    }
    return choose(plan, steps, layout)
      .map(({ kind, step }) => question(run, layout, kind, step))
      .filter((q): q is Question => q !== null);
  } finally {
    run.free();
  }
}
