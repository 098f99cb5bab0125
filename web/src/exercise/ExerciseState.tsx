// What the learner looks at while predicting: the scenario's facts (profile, pools, objects,
// the parameters that decide) and the cache now — the buffer map, or the cursors in V$SQL.
import type { Layout } from '../sim/engine';
import type { Config, SqlRow } from '../sim/library';
import { traitsOf } from '../sim/profile';
import { BufferMap } from './BufferMap';
import type { Exercise, Question } from './types';
import type { StepView } from './useStepView';

function BufferFacts({ exercise, layout }: { exercise: Exercise; layout: Layout }) {
  const init = exercise.scenario.init ?? {};
  return (
    <div className="exercise-facts">
      <p>{traitsOf(exercise.scenario.profile).buffer_help}</p>
      <table>
        <caption>Pools</caption>
        <thead>
          <tr>
            <th scope="col">pool</th>
            <th scope="col">buffers</th>
            <th scope="col">LRU latches</th>
            <th scope="col">_small_table_threshold</th>
          </tr>
        </thead>
        <tbody>
          {layout.config.pools
            .filter((p) => p.buffers > 0)
            .map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.id}</th>
                <td>{p.buffers}</td>
                <td>{p.lru_latches}</td>
                <td>{p.small_table_threshold}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <table>
        <caption>Objects</caption>
        <thead>
          <tr>
            <th scope="col">name</th>
            <th scope="col">type</th>
            <th scope="col">blocks</th>
            <th scope="col">pool</th>
            <th scope="col">CACHE</th>
          </tr>
        </thead>
        <tbody>
          {layout.objects.map((o) => (
            <tr key={o.name}>
              <th scope="row">{o.name}</th>
              <td>{o.type}</td>
              <td>{o.blocks}</td>
              <td>{o.buffer_pool ?? 'DEFAULT'}</td>
              <td>{o.cache ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="exercise-init">
        init.ora:{' '}
        {Object.entries(init)
          .map(([k, v]) => `${k} = ${String(v)}`)
          .join('; ')}
      </p>
    </div>
  );
}

function Cursors({ config, rows }: { config: Config; rows: SqlRow[] }) {
  return (
    <div className="exercise-facts">
      <p>
        cursor_sharing <strong>{config.cursor_sharing}</strong> · {config.buckets} hash buckets ·{' '}
        {config.sessions} session
      </p>
      <table data-testid="exercise-cursors">
        <caption>Cursors in the library cache now (V$SQL)</caption>
        <thead>
          <tr>
            <th scope="col">sql_text</th>
            <th scope="col">hash_value</th>
            <th scope="col">parse_calls</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3}>none yet</td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.obj}>
              <td className="sql">{r.sql_text}</td>
              <td>{r.hash_value}</td>
              <td>{r.parse_calls}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Props {
  exercise: Exercise;
  question: Question;
  view: StepView | null;
  answered: boolean;
  chosen: string | null;
  onPick: (choice: string) => void;
}

export function ExerciseState({ exercise, question, view, answered, chosen, onPick }: Props) {
  if (!view) return <p className="note">Loading the cache…</p>;
  if (view.cache === 'library') {
    return (
      <>
        <h2>{answered ? 'After the statement' : 'Before the statement'}</h2>
        <Cursors config={view.config} rows={view.rows} />
        <p className="exercise-help">{traitsOf(exercise.scenario.profile).library_help}</p>
      </>
    );
  }
  const marks: Record<number, 'answer' | 'chosen' | 'touched'> = {};
  if (answered) {
    const held = view.slices
      .flatMap((s) => s.cells)
      .find(
        (c) => c.block?.seg === question.block?.seg && c.block?.block === question.block?.block,
      );
    if (held) marks[held.buf] = 'touched';
    if (question.kind === 'victim') {
      if (chosen !== null && chosen !== question.answer) marks[Number(chosen)] = 'chosen';
      marks[Number(question.answer)] = 'answer';
    }
  }
  const picking = question.kind === 'victim' && !answered;
  return (
    <>
      <h2>{answered ? 'After the step' : 'The cache now'}</h2>
      <BufferMap
        layout={view.layout}
        slices={view.slices}
        pickSet={picking ? question.set : undefined}
        onPick={picking ? (buf) => onPick(String(buf)) : undefined}
        marks={marks}
      />
      <BufferFacts exercise={exercise} layout={view.layout} />
    </>
  );
}
