// A buffer cache at one position, for an exercise: each working set's buffers in list order
// (head to tail, as the policy's regions name them, then the write list and the free buffers).
// In a victim question the asked set's buffers are buttons: the learner clicks the victim.
import type { Layout } from '../sim/engine';
import type { BufferCell, SetSlice } from './state';

interface Props {
  layout: Layout;
  slices: SetSlice[];
  /** The set whose buffers are offered as the answer, if any. */
  pickSet?: number;
  onPick?: (buf: number) => void;
  /** Buffers to mark: the engine's answer, the learner's choice, the buffer the step used. */
  marks?: Record<number, 'answer' | 'chosen' | 'touched'>;
}

function regionName(layout: Layout, c: BufferCell): string {
  if (c.region === -2) return 'free';
  if (c.region === -1) return 'write list';
  return layout.regions[c.region]?.label ?? '';
}

function tone(layout: Layout, c: BufferCell): string {
  if (c.region < 0) return c.region === -2 ? 'free' : 'write';
  return layout.regions[c.region]?.tone ?? 'cold';
}

/** The tag shown before a cell: a region's head or boundary tag where that region begins. */
function tagBefore(layout: Layout, slice: SetSlice, i: number): string | null {
  let at = 0;
  for (let r = 0; r < slice.regions.length; r++) {
    if (i === at && slice.regions[r] > 0) {
      const def = layout.regions[r];
      return (def.boundary_tag ?? def.head_tag)?.[0] ?? null;
    }
    at += slice.regions[r];
  }
  return null;
}

function tailTag(layout: Layout): string | null {
  return layout.regions.at(-1)?.tail_tag?.[0] ?? null;
}

export function BufferMap({ layout, slices, pickSet, onPick, marks = {} }: Props) {
  const touch = layout.touch_counts;
  return (
    <div className="buffer-map" data-testid="buffer-map">
      <p className="buffer-legend">
        Head first, as the list runs:{' '}
        {layout.regions.map((r) => (
          <span key={r.name} className={`key t-${r.tone}`}>
            {r.legend}
          </span>
        ))}
        <span className="key dirty">dirty (hatched)</span>
        <span className="key t-write">on the write list (dashed)</span>
      </p>
      {slices.map((slice, s) => {
        const info = layout.sets[s];
        const picking = pickSet === s && onPick !== undefined;
        const listed = slice.order.length;
        const free = slice.cells.filter((c) => c.region === -2).length;
        return (
          <section
            key={s}
            className="buffer-set"
            aria-label={`${info.pool} pool, working set ${s}`}
          >
            <h3>
              {info.pool} pool · working set {s}{' '}
              <span className="sub">
                {info.hi - info.lo} buffers{picking ? ' — click the victim' : ''}
              </span>
            </h3>
            <ol className="buffer-cells" data-set={s} data-picking={picking || undefined}>
              {slice.cells.map((c, i) => {
                if (c.region === -2) return null;
                const tag = i < listed ? tagBefore(layout, slice, i) : null;
                const body = (
                  <>
                    <span className="obj">
                      {c.block ? (layout.objects[c.block.seg]?.name ?? '?') : 'free'}
                    </span>
                    <span className="row">
                      {c.block && <b>{c.block.block}</b>}
                      {touch && c.block && <span className="meta">tch {c.tch}</span>}
                    </span>
                    <span className="visually-hidden">
                      , buf {c.buf}
                      {c.dirty ? ', dirty' : ''}, {regionName(layout, c)}
                    </span>
                  </>
                );
                return (
                  <li
                    key={c.buf}
                    className={`buffer-cell t-${tone(layout, c)}${c.dirty ? ' dirty' : ''}`}
                    title={`buf ${c.buf}${c.dirty ? ', dirty' : ''}`}
                    data-buf={c.buf}
                    data-mark={marks[c.buf]}
                  >
                    {tag && <span className="buffer-tag">{tag}</span>}
                    {picking ? (
                      <button type="button" onClick={() => onPick(c.buf)}>
                        {body}
                      </button>
                    ) : (
                      <div>{body}</div>
                    )}
                    {i === listed - 1 && tailTag(layout) && (
                      <span className="buffer-tag tail">{tailTag(layout)}</span>
                    )}
                  </li>
                );
              })}
              {free > 0 && (
                <li className="buffer-cell t-free free-count">
                  <div>
                    <span className="obj">unused</span>
                    <span className="row">
                      <b>{free}</b> <span className="meta">free</span>
                    </span>
                  </div>
                </li>
              )}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
