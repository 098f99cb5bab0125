// The scenario's segments: name, type, blocks, BUFFER_POOL and the CACHE clause.
import { useState } from 'react';
import type { PoolId, Scenario, Segment } from '../sim/engine';
import { useApp } from '../store/context';
import { selectDraft, selectDraftError, selectEdit, selectGeneration } from '../store/selectors';
import { segmentColor } from '../shared/views/colours';
import { Panel } from '../shared/Panel';

type SegmentType = Segment['type'];

const TYPES: SegmentType[] = ['TABLE', 'INDEX', 'CLUSTER'];
const POOLS: PoolId[] = ['DEFAULT', 'KEEP', 'RECYCLE'];

type Edit = (change: (d: Scenario) => Scenario) => void;

function patch(edit: Edit, i: number, change: Partial<Segment>) {
  edit((d) => ({
    ...d,
    objects: d.objects.map((o, j) => (j === i ? { ...o, ...change } : o)),
  }));
}

/** A text cell committed on Enter or blur. */
function CellInput({
  value,
  label,
  numeric,
  commit,
}: {
  value: string;
  label: string;
  numeric?: boolean;
  commit: (text: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const bad = numeric && text !== null && !/^\d+$/.test(text.trim());
  const done = () => {
    if (text === null || bad) return;
    if (text.trim() !== value) commit(text.trim());
    setText(null);
  };
  return (
    <input
      type="text"
      inputMode={numeric ? 'numeric' : undefined}
      aria-label={label}
      aria-invalid={bad || undefined}
      style={bad ? { borderColor: 'var(--bad)' } : undefined}
      spellCheck={false}
      value={text ?? value}
      onChange={(e) => setText(e.target.value)}
      onBlur={done}
      onKeyDown={(e) => {
        if (e.key === 'Enter') done();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}

export function SegmentsTable() {
  const draft = useApp(selectDraft);
  const edit = useApp(selectEdit);
  const error = useApp(selectDraftError);
  const generation = useApp(selectGeneration);
  if (!draft) return null;
  const objectError = error?.path.startsWith('objects') ? error : null;
  const add = () =>
    edit((d) => ({
      ...d,
      objects: [
        ...d.objects,
        {
          name: `SEG_${d.objects.length + 1}`,
          type: 'TABLE',
          blocks: 100,
          buffer_pool: 'DEFAULT',
          cache: false,
        },
      ],
    }));
  return (
    <Panel title="Segments" sub={`${draft.objects.length} objects`} testId="segments">
      <div className="panel-body">
        <div className="segments" key={generation} role="list">
          {draft.objects.map((o, i) => (
            <div className="segment" key={i} role="listitem" data-testid="segment-row">
              <span className="swatch" style={{ background: segmentColor(i) }} />
              <span className="seg-name">
                <CellInput
                  label={`name of segment ${i + 1}`}
                  value={o.name}
                  commit={(t) => patch(edit, i, { name: t.toUpperCase() })}
                />
              </span>
              <span className="blocks" title="blocks in the segment">
                <CellInput
                  numeric
                  label={`blocks of ${o.name}`}
                  value={String(o.blocks)}
                  commit={(t) => patch(edit, i, { blocks: Number(t) })}
                />
                blk
              </span>
              <button
                className="remove"
                title={`Remove ${o.name}`}
                aria-label={`Remove ${o.name}`}
                disabled={draft.objects.length <= 1}
                onClick={() =>
                  edit((d) => ({ ...d, objects: d.objects.filter((_, j) => j !== i) }))
                }
              >
                ×
              </button>
              <span className="props">
                <select
                  aria-label={`type of ${o.name}`}
                  value={o.type}
                  onChange={(e) => patch(edit, i, { type: e.target.value as SegmentType })}
                >
                  {TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
                <select
                  aria-label={`BUFFER_POOL of ${o.name}`}
                  title="BUFFER_POOL storage clause"
                  data-testid={`segment-pool-${o.name}`}
                  value={o.buffer_pool ?? 'DEFAULT'}
                  onChange={(e) => patch(edit, i, { buffer_pool: e.target.value as PoolId })}
                >
                  {POOLS.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
                <label className="cache" title="The CACHE clause: full-scan blocks go to the head">
                  <input
                    type="checkbox"
                    checked={o.cache ?? false}
                    onChange={(e) => patch(edit, i, { cache: e.target.checked })}
                  />
                  CACHE
                </label>
              </span>
            </div>
          ))}
        </div>
        {objectError && (
          <p className="error-text">
            <code>{objectError.path}</code>: {objectError.detail}
          </p>
        )}
        <p className="note" style={{ display: 'flex', alignItems: 'center' }}>
          <span>Colours as in the cache view.</span>
          <button className="btn small" style={{ marginLeft: 'auto' }} onClick={add}>
            + Segment
          </button>
        </p>
      </div>
    </Panel>
  );
}
