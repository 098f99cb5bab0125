// The library cache hash table: the bucket array on a canvas (shade = handles on the chain;
// child latch = bucket mod latches), the chain of the bucket the last lookup walked (or
// the one the user clicked) as a list of handles, and the array doubling on a rehash.
//
//   createBucketView(el, { onSelectBucket }) → { update(frame), destroy() }
import { bucketAt, lastLookupLabel } from '../../shared/views/chainLayout';
import { ChainStrip } from '../../shared/views/chainStrip';
import { div, PAD_X, PAD_Y, viewRoot, watchSize } from '../../shared/views/host';
import { clip, renderChain, type ChainShown } from './chainList';
import { chainStats, latchOf, lookupOf, parsesOf, rehashOf, type Lookup } from './layout';
import type { BucketFrame, ViewOptions } from './types';
import type { View } from '../../buffer/views/types';
import { noun } from '../../shared/words';

interface Shown extends ChainShown {
  why: 'lookup' | 'last' | 'selected';
}

const fmt = (n: number) => n.toLocaleString('en');

export function createBucketView(el: HTMLElement, opts: ViewOptions): View<BucketFrame> {
  const root = viewRoot(el, 'bucket-view', 'lib-view lib-buckets');
  const caption = div('lib-caption', 'bucket-caption');
  const banner = div('lib-banner rehash', 'rehash-banner');
  banner.hidden = true;
  const stripBox = div('lib-strip-box');
  const strip = new ChainStrip(stripBox);
  const legend = div('lib-legend');
  const list = div('lib-chain', 'bucket-chain');
  root.append(caption, banner, stripBox, legend, list);
  el.appendChild(root);

  let last: BucketFrame | null = null;
  let shown: Shown | null = null;
  let lastSelected: number | null = null;
  let lastBuckets = 0;
  /** The position the shown lookup was drawn at, and the frame's. */
  let lookAt: number | null = null;
  let now: number | undefined;
  let bannerAt = 0;
  let ghost: HTMLCanvasElement | null = null;
  /** The bucket each session's current statement hashed to (a hard parse comes later). */
  const sessionBucket = new Map<number, number>();

  // Measured when first needed and on resize. The view is hidden while the host is
  // measured, so a host whose height comes from its content gets the default.
  let size: { w: number; h: number } | null = null;
  const measure = () => {
    if (size) return size;
    root.style.display = 'none';
    const hostH = el.clientHeight;
    root.style.display = '';
    const w = Math.max(240, Math.floor((el.clientWidth || 600) - 2 * PAD_X));
    const h =
      opts.maxHeight ??
      (hostH > 320
        ? Math.min(420, hostH - 2 * PAD_Y - 250)
        : Math.min(180, Math.max(90, Math.round(window.innerHeight * 0.2))));
    return (size = { w, h: Math.max(48, h) });
  };

  function choose(frame: BucketFrame, look: Lookup | null, buckets: number): Shown | null {
    const sel = frame.selectedBucket;
    const latches = frame.latches;
    let next: Shown | null;
    if (look) {
      next = { bucket: look.bucket, look, why: 'lookup', inserted: null, latch: 0 };
      lookAt = frame.position ?? null;
    } else if (sel !== null && (sel !== lastSelected || !shown))
      next = { bucket: sel, look: null, why: 'selected', inserted: null, latch: 0 };
    else if (shown) next = { ...shown, why: shown.why === 'lookup' ? 'last' : shown.why };
    else next = null;
    lastSelected = sel;
    if (!next || next.bucket >= buckets) return null;
    next.latch = latchOf(next.bucket, latches);
    // A lookup's bucket changes with the array's size: forget the walk after a rehash.
    if (next.look && buckets !== lastBuckets && lastBuckets && !look) next.look = null;
    for (const p of parsesOf(frame.events))
      if (p.hard && sessionBucket.get(p.session) === next.bucket) next.inserted = p.obj;
    return next;
  }

  function showRehash(before: number, after: number, handles: number | null, ms: number) {
    banner.hidden = false;
    bannerAt = performance.now();
    banner.replaceChildren();
    const b = document.createElement('b');
    b.textContent = `Rehash: ${fmt(before)} → ${fmt(after)} buckets.`;
    banner.append(
      b,
      ` The handles reached twice the bucket count, so the array doubled (no longer prime) and ` +
        `${handles === null ? 'every handle was' : `all ${fmt(handles)} handles were`} ` +
        're-hashed, holding every library cache latch.',
    );
    banner.dataset.before = String(before);
    banner.dataset.after = String(after);
    banner.classList.toggle('lib-flash', ms > 0);
    banner.style.setProperty('--t', `${Math.max(300, ms)}ms`);
    const canvas = stripBox.querySelector('canvas');
    if (ms <= 0 || !canvas || !canvas.width) return;
    // The old array fades and shrinks over the new one.
    ghost = document.createElement('canvas');
    ghost.className = 'lib-ghost';
    ghost.width = canvas.width;
    ghost.height = canvas.height;
    ghost.style.width = canvas.style.width;
    ghost.style.height = canvas.style.height;
    ghost.style.setProperty('--t', `${Math.max(300, ms)}ms`);
    ghost.getContext('2d')?.drawImage(canvas, 0, 0);
    const g = ghost;
    g.addEventListener('animationend', () => g.remove());
    stripBox.appendChild(g);
  }

  function draw(frame: BucketFrame, animate: boolean): void {
    const lengths = frame.chainLengths;
    const buckets = lengths.length;
    const latches = Math.max(1, frame.latches);
    const ms = animate ? frame.durationMs : 0;
    ghost?.remove();
    ghost = null;
    for (const e of frame.events)
      if (e.type === 'statement') sessionBucket.set(e.session, e.bucket);

    const r = rehashOf(frame.events);
    if (r) showRehash(r.buckets_before, r.buckets_after, r.handles, ms);
    else if (lastBuckets && buckets === lastBuckets * 2) showRehash(lastBuckets, buckets, null, 0);
    else if (
      !banner.hidden &&
      (buckets !== Number(banner.dataset.after) ||
        performance.now() - bannerAt > Math.max(2500, 2 * frame.durationMs))
    )
      banner.hidden = true;

    const { w, h } = measure();
    strip.setBuckets(buckets);
    strip.draw(buckets, latches, lengths, w, h);
    const look = lookupOf(frame.events);
    shown = choose(frame, look, buckets);
    lastBuckets = buckets;
    strip.mark(shown?.bucket ?? null, latches, buckets, frame.selectedBucket);
    stripBox.dataset.buckets = String(buckets);

    const st = chainStats(lengths);
    legend.textContent =
      (latches === 1
        ? 'one library cache latch covers every bucket'
        : `child latch = bucket mod ${fmt(latches)}`) +
      ' · shade = handles on the chain 0, 1, 2, 3+ · ' +
      `${fmt(st.handles)} ${noun(st.handles, 'handle')} in ${fmt(buckets)} buckets (longest chain ${st.longest}, ` +
      `${fmt(st.empty)} empty) · doubles at ${fmt(2 * buckets)} handles` +
      (frame.selectedBucket !== null ? ' · dashed: selected bucket' : '');
    now = frame.position;
    caption.replaceChildren(...captionOf(shown, buckets));
    renderChain(list, shown ? frame.chain(shown.bucket) : [], shown, ms);
  }

  function captionOf(s: Shown | null, buckets: number): (Node | string)[] {
    if (!s)
      return [
        'Each statement’s text is hashed to a bucket; its chain is walked under the bucket’s ' +
          'library cache latch.',
      ];
    const b = document.createElement('b');
    b.textContent = `bucket ${fmt(s.bucket)}`;
    const look = s.look;
    if (!look) return ['selected ', b, ` · latch ${s.latch}`];
    const text = look.forced ?? look.text;
    const q = document.createElement('span');
    q.className = 'lib-sql';
    q.textContent = clip(text, 72);
    q.title = look.forced ? `${look.text}\n→ CURSOR_SHARING=FORCE:\n${look.forced}` : look.text;
    const outcome =
      look.walked === null
        ? ' · waiting to walk the chain'
        : look.found !== null
          ? ` · walked ${look.walked}/${look.chainLen} · ✓ found → soft parse`
          : ` · walked ${look.walked}/${look.chainLen} · ✗ not found → hard parse`;
    const hard = s.inserted !== null ? ` · obj ${s.inserted} hung at the head` : '';
    // Two lines: the statement, cut with an ellipsis when long (its whole text is the
    // title), then the walk, which wraps and is never cut — the bucket and the parse it led
    // to are what the view is for (issue 26 #10: the walk's line was clipped).
    const sql = div('lib-caption-sql');
    sql.title = q.title;
    sql.append(
      s.why === 'last' ? lastLookupLabel(lookAt, now) : '',
      q,
      look.forced ? ' (FORCE: literals → binds)' : '',
    );
    const walk = div('lib-caption-walk');
    walk.append(`→ hash mod ${fmt(buckets)} = `, b, ` · latch ${s.latch}${outcome}${hard}`);
    return [sql, walk];
  }

  const onClick = (ev: MouseEvent) => {
    const g = strip.geom;
    if (!g || !last) return;
    const r = strip.el.getBoundingClientRect();
    const b = bucketAt(g, last.chainLengths.length, ev.clientX - r.left, ev.clientY - r.top);
    if (b === null) return;
    opts.onSelectBucket(b === last.selectedBucket ? null : b);
  };
  strip.el.addEventListener('click', onClick);
  strip.keys(
    'Library cache hash buckets',
    (b) => last && opts.onSelectBucket(b === last.selectedBucket ? null : b),
    (b) => {
      const n = last?.chainLengths[b] ?? 0;
      return `bucket ${b} · ${n} handle${n === 1 ? '' : 's'} on its chain`;
    },
  );

  const unwatch = watchSize(
    el,
    () => (size = null),
    () => `${measure().w}x${measure().h}`,
    () => {
      if (last) draw({ ...last, events: [] }, false);
    },
  );

  return {
    update(frame: BucketFrame) {
      if (frame.chainLengths.length === 0) return;
      last = frame;
      draw(frame, frame.animate && frame.events.length > 0);
    },
    destroy() {
      unwatch();
      strip.el.removeEventListener('click', onClick);
      strip.destroy();
      root.remove();
      last = null;
    },
  };
}
