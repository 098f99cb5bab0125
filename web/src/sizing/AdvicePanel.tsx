// V$DB_CACHE_ADVICE (issue 10, item 4; docs/model.md §3 "Cache advice"): with db_cache_advice = ON
// the engine estimates each pool's physical reads at 20 sizes from 10 % to 200 % of today's,
// in the same pass as the run. One chart per pool (today's size marked) and Oracle's table.
import { useEffect, useMemo, useRef } from 'react';
import {
  ADVICE_COLUMNS,
  adviceSetting,
  cell,
  METHOD_TEXT,
  poolCurves,
  withAdvice,
  type PoolCurve,
} from './advice';
import { useApp } from '../store/context';
import { selectCurrent, selectEdit, selectReport, selectRun } from '../store/selectors';
import { createAdviceChart, type AdviceChart } from './views/adviceChart';
import { poolColor } from '../shared/views/colours';
import { Panel } from '../shared/Panel';
import { Table } from '../shared/Table';

function PoolAdvice({ curve }: { curve: PoolCurve }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<AdviceChart | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = createAdviceChart(el, curve.name);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [curve.name]);
  useEffect(() => {
    chart.current?.update(curve.rows, curve.currentBuffers);
  }, [curve]);
  return (
    <div className="advice-pool" data-testid="advice-pool" data-pool={curve.name}>
      <h3>
        <span className="swatch" style={{ background: poolColor(curve.name) }} /> {curve.name}{' '}
        <span className="note" data-testid="advice-method" data-method={curve.method}>
          {METHOD_TEXT[curve.method]}
          {curve.reason && ` — ${curve.reason}`}
        </span>
      </h3>
      <div className="view-host chart-host" ref={host} />
      <div className="table-scroll">
        <Table
          head={['name', ...ADVICE_COLUMNS].map((c) => (
            <span className="mono">{c}</span>
          ))}
          testId="advice-table"
          className="grid compact"
          label={`V$DB_CACHE_ADVICE, ${curve.name} pool`}
        >
          {curve.rows.map((r) => {
            const today = r.buffers_for_estimate === curve.currentBuffers;
            return (
              <tr
                key={r.buffers_for_estimate}
                data-testid="advice-row"
                data-buffers={r.buffers_for_estimate}
                data-current={today || undefined}
                aria-current={today || undefined}
              >
                <td>{r.name}</td>
                {ADVICE_COLUMNS.map((c) => (
                  <td key={c}>{cell(r, c)}</td>
                ))}
              </tr>
            );
          })}
        </Table>
      </div>
    </div>
  );
}

export function AdvicePanel() {
  const current = useApp(selectCurrent);
  const edit = useApp(selectEdit);
  const run = useApp(selectRun);
  const report = useApp(selectReport);
  const setting = adviceSetting(current);
  // the report changes as the run moves: read the advice again with it
  const curves = useMemo(() => {
    if (!run || !report || setting !== 'ON') return [];
    const a = run.advice();
    return a ? poolCurves(a) : [];
  }, [run, report, setting]);
  if (!current || !report) return null;
  return (
    <Panel title="V$DB_CACHE_ADVICE" sub="estimated reads at 20 pool sizes, in the same pass">
      <div className="panel-body advice">
        {setting !== 'ON' ? (
          <p className="note" data-testid="advice-off">
            db_cache_advice = {setting}: no estimates are collected.{' '}
            <button
              type="button"
              className="btn small"
              data-testid="advice-on"
              onClick={() => edit((d) => withAdvice(d, 'ON'))}
            >
              Turn it ON
            </button>
          </p>
        ) : (
          <>
            <p className="note">
              Each pool at 10 %, 20 %, … 200 % of today’s size (buffers_for_estimate = round(today ×
              factor)); reads × the mean wait of a physical read at that size is
              estd_physical_read_time, its share of the DB time at that size (the measured
              interval’s, with these reads in place of the run’s own) estd_pct_of_db_time_for_reads.
            </p>
            {curves.map((c) =>
              c.rows.length > 0 ? (
                <PoolAdvice key={c.name} curve={c} />
              ) : (
                <p className="note" key={c.name} data-testid="advice-left-out">
                  {c.name}: left out — {c.reason}
                </p>
              ),
            )}
          </>
        )}
      </div>
    </Panel>
  );
}
