// Compare mode: each statistic of configuration A and B at their common position, with B − A
// and B / A; the rows where they differ are highlighted.
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/context';
import type { AppState } from '../store/store';
import { compareRows, differs, show, showDelta, showRatio } from './compareStats';
import { Panel } from '../shared/Panel';
import { ScrollX } from '../shared/ScrollX';

const selectRuns = (s: AppState) => ({ a: s.sim, b: s.compare?.sim ?? null });

export function CompareTable() {
  const { a, b } = useApp(useShallow(selectRuns));
  if (!a || !b) return null;
  const rows = compareRows(a, b);
  return (
    <Panel
      title="A and B compared"
      sub={`at #${Math.max(a.position, b.position).toLocaleString('en')} · highlighted: they differ`}
      testId="compare-table"
    >
      <ScrollX className="panel-body" label="A and B compared (scrolls sideways)">
        {rows ? (
          <table className="grid compact compare-grid">
            <thead>
              <tr>
                <th>statistic</th>
                <th className="slot-a">A</th>
                <th className="slot-b">B</th>
                <th>B − A</th>
                <th>B / A</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  data-testid="compare-row"
                  data-stat={r.stat}
                  data-pool={r.pool}
                  data-a={r.a ?? ''}
                  data-b={r.b ?? ''}
                  data-differs={differs(r) || undefined}
                  className={differs(r) ? 'differs' : undefined}
                >
                  <td>{r.label}</td>
                  <td>{show(r.a, r.kind)}</td>
                  <td>{show(r.b, r.kind)}</td>
                  <td>{showDelta(r)}</td>
                  <td>{showRatio(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="note">
            A runs the {a.kind === 'buffer' ? 'buffer' : 'library'} cache and B the{' '}
            {b.kind === 'buffer' ? 'buffer' : 'library'} cache: their statistics do not compare.
          </p>
        )}
      </ScrollX>
    </Panel>
  );
}
