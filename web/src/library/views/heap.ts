// The shared pool heap: a memory map of its chunks by address (canvas), coloured by kind,
// with the free lists beside it as bars. A step's allocations are outlined on the map, the
// free-list search of the longest one sweeps the bars, flushes and ORA-04031 flash a banner,
// and a caption keeps the last allocation.
//
//   createHeapView(el, opts) → { update(frame), destroy() }
import type * as library from '../../sim/library';
import { CHUNK_WIDTH } from '../../sim/library';
import { div, PAD_X, viewRoot, watchSize } from '../../shared/views/host';
import { FreeLists, type Search } from './freeLists';
import { HeapBand } from './heapBand';
import {
  allocsOf,
  chunkAt,
  chunkClass,
  CLASS_COLOR,
  CLASS_LABEL,
  CLASSES,
  freeListOf,
  listLabel,
  offsetAt,
  sizeLabel,
} from './layout';
import type { HeapFrame, ViewOptions } from './types';
import type { View } from '../../buffer/views/types';
import { noun } from '../../shared/words';

type Alloc = Extract<library.Event, { type: 'alloc' }>;

/** Width of the free-list bars, and the narrowest map that still sits beside them. */
const BAR_W = 120;
const SIDE_W = BAR_W + 180;
const MIN_MAP = 320;

const fmt = (n: number) => n.toLocaleString('en');
const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;

export function createHeapView(el: HTMLElement, opts: ViewOptions): View<HeapFrame> {
  const root = viewRoot(el, 'heap-view', 'lib-view lib-heap');
  const caption = div('lib-caption', 'heap-caption');
  const banner = div('lib-banner', 'heap-banner');
  // Idle (invisible, keeping its room) until a flush or an ORA-04031.
  banner.classList.add('idle');
  const body = div('lib-heap-body');
  const mapBox = div('lib-map');
  const band = new HeapBand(mapBox);
  const axis = div('lib-legend');
  const hover = div('lib-hover');
  mapBox.append(axis, hover);
  body.appendChild(mapBox);
  const lists = new FreeLists(body);
  const legend = div('lib-swatches');
  CLASS_LABEL.forEach((label, k) => {
    const item = document.createElement('span');
    const sw = document.createElement('i');
    sw.style.background = CLASS_COLOR[k];
    item.append(sw, label);
    legend.appendChild(item);
  });
  const mark = document.createElement('span');
  const sw = document.createElement('i');
  sw.className = 'alloc';
  mark.append(sw, 'allocated this step');
  legend.appendChild(mark);
  root.append(caption, banner, body, legend);
  el.appendChild(root);

  let last: HeapFrame | null = null;
  /** The last allocation seen, for the caption (kept across steps without one). */
  let lastAlloc: { a: Alloc; of: number; bucketMin: number[] } | null = null;
  let bannerAt = 0;

  let size: { w: number; h: number; side: boolean } | null = null;
  const measure = () => {
    if (size) return size;
    const w = Math.max(200, Math.floor((el.clientWidth || 700) - 2 * PAD_X));
    const side = w - SIDE_W >= MIN_MAP;
    // The map is as tall as the free lists beside it (or a given budget).
    const h = opts.maxHeight ? Math.max(40, opts.maxHeight - 110) : 206;
    return (size = { w: side ? w - SIDE_W : w, h, side });
  };

  function flash(text: (Node | string)[], kind: 'flush' | 'fail', ms: number) {
    banner.className = `lib-banner ${kind}${ms > 0 ? ' lib-flash' : ''}`;
    banner.style.setProperty('--t', `${Math.max(300, ms)}ms`);
    banner.replaceChildren(...text);
    banner.dataset.kind = kind;
    bannerAt = performance.now();
  }

  function hideBanner() {
    banner.className = 'lib-banner idle';
    delete banner.dataset.kind;
  }

  function draw(frame: HeapFrame, ms: number): void {
    const { w, h, side } = measure();
    body.classList.toggle('stacked', !side);
    band.draw(frame.chunks, frame.poolBytes, w, h);
    const b = band.band;
    axis.textContent = b
      ? `address 0 → ${sizeLabel(frame.poolBytes)}, left to right, row by row · ` +
        `a pixel column = ${sizeLabel(Math.round(b.bytesPerCol / b.dpr))} · ` +
        `${fmt(frame.chunks.length / CHUNK_WIDTH)} ${noun(frame.chunks.length / CHUNK_WIDTH, 'chunk')}`
      : '';

    const { allocs, flushed, failures } = allocsOf(frame.events);
    band.mark(
      allocs
        .filter((a) => a.offset !== null)
        .map((a, index) => ({ offset: a.offset ?? 0, size: a.size, index, piece: a.piece })),
      ms,
    );
    // The step's longest search (the last of equals) is the one swept and captioned.
    let feature: Alloc | null = null;
    for (const a of allocs) if (!feature || a.examined >= feature.examined) feature = a;
    if (feature) lastAlloc = { a: feature, of: allocs.length, bucketMin: frame.bucketMin };
    // A jump (run to the end, a seek) brings no events: the last allocation seen is no longer
    // the heap's last one.
    else if (frame.moved && frame.events.length === 0) lastAlloc = null;
    const search: Search | null = feature
      ? {
          size: feature.size,
          examined: feature.examined,
          tries: feature.tries,
          failed: feature.offset === null,
        }
      : null;
    lists.draw(frame.freeLists, frame.bucketMin, BAR_W, search, ms);

    if (failures.length) {
      const f = failures[failures.length - 1];
      const b = document.createElement('b');
      b.textContent = 'ORA-04031';
      flash(
        [
          b,
          `: unable to allocate ${fmt(f.size)} bytes of shared memory — no free chunk fits ` +
            `even after flushing${flushed ? ` ${fmt(flushed)} LRU chunks` : ' the LRU'}.`,
        ],
        'fail',
        ms,
      );
    } else if (flushed > 0) {
      const b = document.createElement('b');
      b.textContent = `flushed ${fmt(flushed)} LRU chunk${flushed === 1 ? '' : 's'}`;
      flash(
        [
          b,
          ': no free chunk fitted, so unpinned recreatable chunks were freed from the LRU’s ' +
            'cold end (coalescing with free neighbours) and the free lists searched again.',
        ],
        'flush',
        ms,
      );
    } else if (
      !banner.classList.contains('idle') &&
      (frame.events.length > 0 || performance.now() - bannerAt > 2500) &&
      performance.now() - bannerAt > Math.max(600, frame.durationMs)
    )
      hideBanner();
    caption.replaceChildren(...captionOf(frame.events.length > 0 && feature !== null, frame));
  }

  function captionOf(now: boolean, frame: HeapFrame): (Node | string)[] {
    if (!lastAlloc) {
      // chunks that allocations made: recreatable or freeable (not free, not permanent)
      let made = 0;
      for (let i = 0; i < frame.chunks.length; i += CHUNK_WIDTH) {
        const k = chunkClass(frame.chunks[i + 2], frame.chunks[i + 3]);
        if (k > 0 && k < CLASSES - 1) made++;
      }
      return made === 0
        ? ['No allocation seen yet: a hard parse allocates the handle and its heaps.']
        : [
            `${fmt(made)} allocated ${noun(made, 'chunk')}; a jump shows no allocation: ` +
              'step a statement to see the next one.',
          ];
    }
    const { a, of, bucketMin } = lastAlloc;
    const b = document.createElement('b');
    b.textContent = `${a.piece} of obj ${a.obj}: ${fmt(a.size)} B`;
    const where =
      a.offset === null ? ' · failed (ORA-04031)' : ` at ${hex(a.offset)} (${sizeLabel(a.offset)})`;
    const list = freeListOf(a.size, bucketMin);
    const more = now && of > 1 ? ` · longest search of ${of} this step` : '';
    return [
      now ? 'allocation: ' : 'last allocation: ',
      b,
      where,
      ` · searched from list ${list} (${listLabel(list, bucketMin)})`,
      ` · examined ${fmt(a.examined)}${a.tries > 1 ? ` in ${a.tries} tries` : ''}`,
      a.flushed ? ` · flushed ${fmt(a.flushed)}` : '',
      more,
    ];
  }

  const onMove = (ev: MouseEvent) => {
    const g = band.band;
    if (!g || !last) return;
    const r = band.el.getBoundingClientRect();
    const off = offsetAt(g, ev.clientX - r.left, ev.clientY - r.top);
    const i = off === null ? null : chunkAt(last.chunks, off);
    if (i === null) {
      hover.textContent = '';
      return;
    }
    const c = last.chunks.subarray(i * CHUNK_WIDTH, (i + 1) * CHUNK_WIDTH);
    const obj = c[4] === 0xffffffff ? '' : ` · obj ${c[4]}`;
    hover.textContent =
      `${hex(c[0])} · ${fmt(c[1])} B · ${CLASS_LABEL[chunkClass(c[2], c[3])]}${obj}` +
      (chunkClass(c[2], c[3]) === 0 ? ` · on list ${freeListOf(c[1], last.bucketMin)}` : '');
  };
  const onLeave = () => (hover.textContent = '');
  band.el.addEventListener('mousemove', onMove);
  band.el.addEventListener('mouseleave', onLeave);

  const unwatch = watchSize(
    el,
    () => (size = null),
    () => {
      const m = measure();
      return `${m.w}x${m.h}`;
    },
    () => {
      if (last) draw({ ...last, events: [] }, 0);
    },
  );

  return {
    update(frame: HeapFrame) {
      if (frame.chunks.length === 0) return;
      last = frame;
      draw(frame, frame.animate ? frame.durationMs : 0);
    },
    destroy() {
      unwatch();
      band.el.removeEventListener('mousemove', onMove);
      band.el.removeEventListener('mouseleave', onLeave);
      lists.destroy();
      band.destroy();
      root.remove();
      last = null;
    },
  };
}
