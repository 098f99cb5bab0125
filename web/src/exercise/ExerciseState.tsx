// What the learner looks at while predicting: the scenario's facts (profile, pools, objects,
// the parameters that decide) and the cache now — the buffer map, or the cursors in V$SQL.
import type { Layout } from '../sim/engine';
import type { Config, SqlRow } from '../sim/library';
import { traitsOf } from '../sim/profile';
import { Table } from '../shared/Table';
import { BufferMap } from './BufferMap';
import type { Exercise, Question } from './types';
import type { StepView } from './useStepView';

function BufferFacts({ exercise, layout }: { exercise: Exercise; layout: Layout }) {
  const init = exercise.scenario.init ?? {};
  return (
    <div className="exercise-facts">
      <p>{traitsOf(exercise.scenario.profile).buffer_help}</p>
      <Table
        className=""
        caption="Pools"
        head={['pool', 'buffers', 'LRU latches', '_small_table_threshold']}
      >
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
      </Table>
      <Table className="" caption="Objects" head={['name', 'type', 'blocks', 'pool', 'CACHE']}>
        {layout.objects.map((o) => (
          <tr key={o.name}>
            <th scope="row">{o.name}</th>
            <td>{o.type}</td>
            <td>{o.blocks}</td>
            <td>{o.buffer_pool ?? 'DEFAULT'}</td>
            <td>{o.cache ? 'yes' : 'no'}</td>
          </tr>
        ))}
      </Table>
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
      <Table
        className=""
        testId="exercise-cursors"
        caption="Cursors in the library cache now (V$SQL)"
        head={['sql_text', 'hash_value', 'parse_calls']}
      >
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
      </Table>
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
