// Cache buffers chains: the bucket array, and the chain of the bucket the last lookup walked,
// drawn as linked buffer headers with the walk animated header by header.
//
//   createChainView(el, { onSelect }) → { update(frame), destroy() }
import { select } from 'd3';
import { ChainStrip } from '../../shared/views/chainStrip';
import { CHAIN_H, drawChain, type G, type Shown } from './chainDiagram';
import { bucketAt, bucketOf, lastLookupLabel, lookupOf } from '../../shared/views/chainLayout';
import { MUTED } from '../../shared/views/colours';
import { ONE_LINE, PAD_X, PAD_Y, styled, viewRoot, watchSize } from '../../shared/views/host';
import { stop } from '../../shared/views/stop';
import type { ChainFrame, View, ViewOptions } from './types';

const SVG_NS = 'http://www.w3.org/2000/svg';

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;

export function createChainView(el: HTMLElement, opts: ViewOptions): View<ChainFrame> {
  const root = viewRoot(el, 'chain-view');
  const caption = styled(
    'div',
    { minHeight: '20px', display: 'flex', alignItems: 'baseline', gap: '0 4px' },
    root,
  );
  caption.dataset.testid = 'chain-caption';
  const strip = new ChainStrip(root);
  strip.el.style.margin = '4px 0';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.style.display = 'block';
  svg.style.overflow = 'visible';
  root.appendChild(svg);
  const chainG: G = select(svg)
    .append('g')
    .attr('class', 'chain')
    .attr('transform', 'translate(1,8)');
  const legend = styled(
    'div',
    { fontSize: '12px', color: MUTED, marginTop: '4px', ...ONE_LINE },
    root,
  );
  el.appendChild(root);

  let shown: Shown | null = null;
  let clicked: number | null = null;
  let lastSelected: number | null = null;
  let last: ChainFrame | null = null;
  /** The position the shown lookup was drawn at. */
  let lookAt: number | null = null;

  // Measured when first needed and on resize (reading them every frame forces a layout).
  let size: { w: number; h: number } | null = null;
  const measure = () =>
    (size ??= {
      w: Math.max(280, Math.floor((el.clientWidth || 600) - 2 * PAD_X)),
      h: (el.clientHeight > 80 ? el.clientHeight : 190) - 2 * PAD_Y,
    });
  const width = () => measure().w;
  const height = () => measure().h;
  // The caption's height, read once and again only when it changes size (below): reading it
  // after each frame's new caption forced a layout in every frame of playback. A caption that
  // wraps to another line is seen by the observer after that frame's layout, and the view is
  // drawn again with the strip that much lower.
  let captionH: number | null = null;
  const captionHeight = () => (captionH ??= caption.offsetHeight);

  /**
   * What to show: this step's lookup; else a buffer just selected; else a bucket clicked;
   * else a bucket pointed at (a lecture slide's highlight); else the selected buffer's bucket
   * *now* (after a seek, a step back or a run to the end the buffer may hold another block,
   * on another chain); else the last bucket shown.
   */
  function choose(frame: ChainFrame): Shown | null {
    const look = lookupOf(frame.events);
    if (look) {
      lookAt = frame.position ?? null;
      return { bucket: look.bucket, look, why: 'lookup' };
    }
    const sel = frame.selected;
    const selBucket =
      sel !== null && frame.dba[sel] ? bucketOf(frame.dba[sel], frame.buckets) : null;
    if (sel !== lastSelected && selBucket !== null)
      return { bucket: selBucket, look: null, why: 'selected' };
    if (clicked !== null) return { bucket: clicked, look: null, why: 'clicked' };
    const marked = frame.marked ?? null;
    if (marked !== null && marked < frame.buckets)
      return { bucket: marked, look: null, why: 'marked' };
    if (selBucket !== null) return { bucket: selBucket, look: null, why: 'selected' };
    return shown
      ? { bucket: shown.bucket, look: null, why: shown.why === 'lookup' ? 'last' : shown.why }
      : null;
  }

  function draw(frame: ChainFrame, animate: boolean): void {
    const w = width();
    const next = choose(frame);
    if (next && next.why !== 'clicked') clicked = null;
    // the bucket a lecture points at: ringed on the strip, named on the view (data-marked)
    const marked = frame.marked ?? null;
    if (marked !== null) root.dataset.marked = String(marked);
    else delete root.dataset.marked;
    shown = next;
    lastSelected = frame.selected;
    const chain = shown ? frame.chain(shown.bucket) : [];
    if (shown) caption.replaceChildren(...captionOf(frame, shown, chain.length));
    else
      caption.textContent = 'Each lookup hashes the block address to a bucket and walks its chain.';
    // The caption wraps rather than cut the bucket and the outcome (issue 26 #10); the strip
    // takes the room left (presenter mode gives the panel the room of 4-px cells, which a
    // projector shows: styles/modes.css). When even the strip's least is more than the
    // panel's height leaves, the panel grows rather than clip the chain under the strip (at
    // 1024×768 the chain's boxes were cut off).
    const chrome = captionHeight() + 8 + CHAIN_H + 8 + 20;
    const stripH = Math.max(12, height() - chrome);
    const need = stripH + chrome + 2 * PAD_Y;
    if (need > height() + 2 * PAD_Y && el.style.minHeight !== `${need}px`) {
      el.style.minHeight = `${need}px`;
      size = null;
    }
    strip.setBuckets(frame.buckets);
    strip.draw(frame.buckets, frame.latches, frame.chainLengths, w, stripH);
    const sel = frame.selected;
    const selBucket =
      sel !== null && frame.dba[sel] ? bucketOf(frame.dba[sel], frame.buckets) : null;
    const siblings = strip.mark(shown?.bucket ?? null, frame.latches, frame.buckets, selBucket);
    svg.setAttribute('width', String(w));
    svg.setAttribute('height', String(CHAIN_H));
    legend.textContent =
      'shade = chain length 0, 1, 2, 3+ · ' +
      `latch = bucket mod ${frame.latches.toLocaleString('en-US')}` +
      (siblings ? ' · thin rings: same latch' : '') +
      (selBucket !== null ? ' · dashed: selected buffer’s bucket' : '') +
      // Oracle's default gives about two buckets a buffer: chains of 0–1 headers, walks of 0–1.
      (frame.buckets >= frame.dba.length
        ? ` · ${frame.buckets.toLocaleString('en-US')} buckets for ${frame.dba.length.toLocaleString('en-US')} buffers: chains of 0–1 headers (set _db_block_hash_buckets lower for longer walks)`
        : '');
    legend.title = legend.textContent;
    if (!shown) {
      chainG.selectAll('*').remove();
      chainG.attr('data-bucket', null);
      return;
    }
    drawChain(chainG, opts.onSelect, frame, shown, chain, w, animate);
  }

  function captionOf(frame: ChainFrame, s: Shown, len: number): Node[] {
    const latch = s.bucket % frame.latches;
    const b = document.createElement('b');
    b.textContent = `bucket ${s.bucket} · latch ${latch}`;
    const look = s.look;
    if (look && look.dba !== null) {
      const name =
        look.seg !== null ? (frame.objects[look.seg]?.name ?? `segment ${look.seg}`) : '?';
      const outcome = look.found !== null ? `found buf# ${look.found}` : 'miss → read from disk';
      // One line where it fits: the block gives way (cut, its title whole) before the bucket
      // and the outcome, which wrap on a phone rather than be cut (issue 26 #10).
      const what = document.createElement('span');
      what.textContent = `${name} blk ${look.block} (dba ${hex(look.dba)})`;
      what.title = what.textContent;
      Object.assign(what.style, { flex: '0 100 auto', minWidth: '7em', ...ONE_LINE });
      const walk = document.createElement('span');
      walk.style.flex = '0 1 auto';
      walk.append(
        `→ hash mod ${frame.buckets} = `,
        b,
        ` · walked ${look.walked}/${look.chainLen}` +
          (look.chainLen === 0 ? ' (empty chain)' : '') +
          ` · ${outcome}`,
      );
      return [what, walk];
    }
    const why =
      s.why === 'selected'
        ? 'the selected buffer hangs on '
        : s.why === 'marked'
          ? 'the slide points at '
          : s.why === 'clicked'
            ? ''
            : lastLookupLabel(lookAt, frame.position);
    const line = document.createElement('span');
    line.append(why, b, ` · ${len} header${len === 1 ? '' : 's'} now`);
    return [line];
  }

  const onStrip = (ev: MouseEvent) => {
    const g = strip.geom;
    if (!g || !last) return;
    const r = strip.el.getBoundingClientRect();
    const b = bucketAt(g, last.buckets, ev.clientX - r.left, ev.clientY - r.top);
    if (b === null) return;
    clicked = b;
    shown = { bucket: b, look: null, why: 'clicked' };
    draw({ ...last, events: [] }, false);
  };
  strip.el.addEventListener('click', onStrip);
  strip.keys(
    'Cache buffers chains hash buckets',
    (b) => {
      if (!last) return;
      clicked = b;
      shown = { bucket: b, look: null, why: 'clicked' };
      draw({ ...last, events: [] }, false);
    },
    (b) => {
      const n = last?.chainLengths[b] ?? 0;
      return `bucket ${b} · latch ${b % (last?.latches ?? 1)} · ${n} buffer header${n === 1 ? '' : 's'}`;
    },
  );

  const unwatch = watchSize(
    el,
    () => (size = null),
    () => `${width()}x${height()}`,
    () => {
      if (last) draw({ ...last, events: [] }, false);
    },
  );

  const unwatchCaption = watchSize(
    caption,
    () => (captionH = null),
    () => String(captionHeight()),
    // the same frame again (its lookup and caption), without the walk's animation
    () => {
      if (last) draw(last, false);
    },
  );

  return {
    update(frame: ChainFrame) {
      // A view detached by wasm memory growth reads as empty: keep the last picture.
      if (frame.chainLengths.length !== frame.buckets || frame.dba.length === 0) return;
      // Copies: the engine's arrays are views over wasm memory.
      last = {
        ...frame,
        chainLengths: frame.chainLengths.slice(),
        dba: frame.dba.slice(),
        flags: frame.flags.slice(),
      };
      draw(last, frame.animate);
    },
    destroy() {
      unwatch();
      unwatchCaption();
      strip.el.removeEventListener('click', onStrip);
      stop(chainG.selectAll('*'));
      strip.destroy();
      root.remove();
      last = null;
    },
  };
}
