// A library cache exercise's questions and their key: the run is stepped statement by
// statement, and every answer is read from that statement's events (statement: its hash and
// bucket; soft_parse or hard_parse), with its narration as the explanation.
import { narrateEvents } from '../library/narrate';
import { Run, type Event } from '../sim/library';
import type { Plan } from './generate';
import { explain } from './bufferKey';
import type { Question, QuestionKind } from './types';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) =>
  events.find((e): e is Of<T> => e.type === type);

interface Step {
  position: number;
  events: Event[];
  statement: Of<'statement'>;
}

export const LIBRARY_QUESTIONS = 6;

export function libraryQuestions(plan: Plan): Question[] {
  const { rng } = plan;
  const run = Run.create(plan.scenario);
  try {
    const config = run.config();
    run.setRecordEvents(true);
    const steps: Step[] = [];
    while (!run.done) {
      const position = run.position;
      if (run.stepUnit() === 0) break;
      const events = run.events();
      const statement = find(events, 'statement');
      if (statement && statement.session === 0) steps.push({ position, events, statement });
    }
    const buckets = [...new Set(steps.map((s) => s.statement.bucket))];
    const picked = rng
      .shuffle(steps.map((_, i) => i))
      .slice(0, LIBRARY_QUESTIONS)
      .sort((a, b) => a - b);
    const out: Question[] = [];
    for (const i of picked) {
      const { events, position, statement } = steps[i];
      const kind: QuestionKind = rng.chance(0.35) ? 'bucket' : 'parse';
      const narration = narrateEvents({ config }, events, position).flatMap((g) => g.lines);
      const base = {
        kind,
        position,
        narration,
        explanation: explain(kind, narration),
        statement: statement.text,
      };
      const text = `Next statement: ${statement.text}`;
      if (kind === 'parse') {
        out.push({
          ...base,
          prompt: `${text} (cursor_sharing ${config.cursor_sharing}). Soft parse or hard parse?`,
          choices: [
            { id: 'soft', label: 'Soft parse: a shareable cursor is found' },
            { id: 'hard', label: 'Hard parse: it must be built' },
          ],
          answer: find(events, 'hard_parse') ? 'hard' : 'soft',
        });
      } else {
        const others = rng
          .shuffle(buckets.filter((b) => b !== statement.bucket))
          .slice(0, 2)
          .concat(statement.bucket);
        while (others.length < 3) {
          const b = rng.below(config.buckets);
          if (!others.includes(b)) others.push(b);
        }
        out.push({
          ...base,
          prompt: `${text}. The text it looks up (cursor_sharing ${config.cursor_sharing}) hashes to ${statement.hash}; the library cache has ${config.buckets} buckets. Which bucket's chain does the lookup walk?`,
          choices: others
            .sort((a, b) => a - b)
            .map((b) => ({ id: String(b), label: `bucket ${b}` })),
          answer: String(statement.bucket),
        });
      }
    }
    return out;
  } finally {
    run.free();
  }
}
