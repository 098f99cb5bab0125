// X$BH of the selected buffer, live: it follows the buffer as the run moves.
import type { ReactNode } from 'react';
import { useApp } from '../store/context';
import {
  selectLayout,
  selectRun,
  selectSelect,
  selectSelected,
  selectTick,
} from '../store/selectors';
import { REGION_COLOR } from '../shared/views/colours';
import { Panel } from '../shared/Panel';
import { xbhData } from '../export/panelData';

/** Where DBWR holds a buffer or none is used; a policy's region takes its tone's colour. */
const REGION_FILL: Record<string, string> = {
  write_list: REGION_COLOR.write,
  writing: REGION_COLOR.writing,
  free: REGION_COLOR.free,
};

export function XbhPanel() {
  useApp(selectTick); // redraw as the run moves
  const run = useApp(selectRun);
  const selected = useApp(selectSelected);
  const select = useApp(selectSelect);
  const row = run && selected !== null ? run.xbh(selected) : null;
  const regions = useApp(selectLayout)?.regions ?? [];

  const link = (buf: number | null) =>
    buf === null ? '—' : <button onClick={() => select(buf)}>{buf}</button>;

  // A region of the replacement policy (hot, cold, the LRU list …) by the engine's name.
  const policyRegion = row ? regions.find((r) => r.name === row.region) : undefined;
  let body: ReactNode;
  if (!row) {
    body = <p className="empty">Click a buffer in the cache view, or a line of the narration.</p>;
  } else {
    const items: [string, ReactNode, string?][] = [
      ['buf#', row['buf#']],
      ['set_ds', row.set, 'working set (LRU latch)'],
      ['pool', row.pool],
      ['state', row.state],
      ['obj', row.object_name ?? '—', row.obj === null ? undefined : `object #${row.obj}`],
      ['block', row.block ?? '—', 'block within the object'],
      ['dbarfil', row.obj === null ? '—' : row.dba_file],
      ['dbablk', row.obj === null ? '—' : row.dba_block],
      ['tch', row.tch, 'touch count'],
      ['tim', `${row.tim.toFixed(3)} s`, 'last touch-count increment'],
      [
        'region',
        <span
          className="region-tag"
          style={{
            background: REGION_FILL[row.region] ?? REGION_COLOR[policyRegion?.tone ?? 'cold'],
          }}
        >
          {policyRegion?.label ?? row.region.replace('_', ' ')}
        </span>,
      ],
      ['dirty', row.dirty ? 'YES' : 'no'],
      ['prv_repl', link(row.prev), 'towards the head'],
      ['nxt_repl', link(row.next), 'towards the tail'],
      ['io type', row.io_type],
      [
        'hash',
        row.hash_bucket === null ? '—' : `bucket ${row.hash_bucket} · latch ${row.hash_latch}`,
      ],
    ];
    body = (
      <dl className="xbh">
        {items.map(([k, v, title]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt title={title}>{k}</dt>
            <dd data-field={k}>{v}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <Panel
      title="X$BH"
      sub={row ? `buffer ${row['buf#']}` : 'no buffer selected'}
      testId="xbh-panel"
      exports={{ name: 'xbh', data: xbhData }}
    >
      <div className="panel-body">
        {body}
        {row && (
          <p className="note" style={{ display: 'flex' }}>
            <span>Highlighted in both views.</span>
            <button
              className="btn small"
              style={{ marginLeft: 'auto' }}
              onClick={() => select(null)}
            >
              Clear
            </button>
          </p>
        )}
      </div>
    </Panel>
  );
}
