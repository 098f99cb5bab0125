// No label overlaps another and none is cut (issue 26 #10), in every view, at a projector's
// 1024×768, a laptop's 1280×720, a monitor's 1920×1080 and a phone's 390×844, in the normal
// page and in presenter mode. What is checked, on the whole page (below the fold too):
// - two pieces of SVG text in one drawing do not overlap (a halo drawn under its own text,
//   at the same place with the same words, is one label);
// - no SVG text runs out of the box that clips it (its drawing, or a panel that hides what
//   overflows); a box that scrolls does not cut, its reader scrolls;
// - no HTML text is cut by an ellipsis or a line clamp — unless it carries its whole text as
//   a title (a statement's SQL, a file name: content, not a label).
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_PORT } from './ports';
import { openApp } from './site';

const URL_ = `http://localhost:${PREVIEW_PORT}/`;

interface Problem {
  kind: 'overlap' | 'cut';
  what: string;
}

async function labelProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const out: { kind: 'overlap' | 'cut'; what: string }[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    /** The nearest ancestor that clips what overflows it, and whether it scrolls. */
    const clipper = (el: Element): { box: DOMRect; scrolls: boolean } | null => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const ov = `${cs.overflowX} ${cs.overflowY}`;
        if (a instanceof SVGSVGElement && cs.overflow !== 'visible')
          return { box: a.getBoundingClientRect(), scrolls: false };
        if (/auto|scroll/.test(ov)) return { box: a.getBoundingClientRect(), scrolls: true };
        if (/hidden|clip/.test(ov)) return { box: a.getBoundingClientRect(), scrolls: false };
      }
      return null;
    };
    const texts = [...document.querySelectorAll('svg text')].filter(
      (t) => (t.textContent ?? '').trim() !== '' && shown(t),
    );
    const boxes = new Map<SVGSVGElement, { el: Element; r: DOMRect; key: string }[]>();
    for (const t of texts) {
      const r = t.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const svg = (t as SVGTextElement).ownerSVGElement;
      if (!svg) continue;
      const key = `${Math.round(r.x)},${Math.round(r.y)},${t.textContent}`;
      const list = boxes.get(svg) ?? [];
      if (!list.some((b) => b.key === key)) list.push({ el: t, r, key });
      boxes.set(svg, list);
      const c = clipper(t);
      // the glyph box's top and bottom (its left and right when turned a quarter) are line
      // spacing, not ink: a quarter of the font's height may stand out of the box
      const across = 0.25 * Math.min(r.width, r.height);
      const dx = r.width < r.height ? across : 0;
      const dy = r.width < r.height ? 0 : across;
      const past = c
        ? Math.max(
            c.box.left - (r.left + dx),
            r.right - dx - c.box.right,
            c.box.top - (r.top + dy),
            r.bottom - dy - c.box.bottom,
          )
        : 0;
      if (c && !c.scrolls && past > 1)
        out.push({ kind: 'cut', what: `${name(t)} (${Math.round(past)} px out)` });
      if ((t.textContent ?? '').endsWith('…') && !t.querySelector('title'))
        out.push({ kind: 'cut', what: `${name(t)} (ellipsis, no title)` });
    }
    // A glyph box is about 1.2 em tall, its line spacing included: the ink is its middle
    // (an inset of 15 % of the box's short side on each side, rotated text too).
    const ink = (r: DOMRect) => {
      const d = 0.15 * Math.min(r.width, r.height);
      return { left: r.left + d, right: r.right - d, top: r.top + d, bottom: r.bottom - d };
    };
    for (const list of boxes.values())
      for (let i = 0; i < list.length; i++)
        for (let j = i + 1; j < list.length; j++) {
          const a = ink(list[i].r);
          const b = ink(list[j].r);
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5)
            out.push({
              kind: 'overlap',
              what: `${name(list[i].el)} × ${name(list[j].el)} (${Math.round(w)}×${Math.round(h)} px)`,
            });
        }
    for (const el of document.querySelectorAll('body *')) {
      if (!(el instanceof HTMLElement) || !shown(el) || el.closest('[title]')) continue;
      if (!(el.textContent ?? '').trim() || el.clientWidth === 0) continue;
      const cs = getComputedStyle(el);
      const ellipsis = cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      const clamped =
        cs.webkitLineClamp !== 'none' &&
        cs.webkitLineClamp !== '' &&
        el.scrollHeight > el.clientHeight + 1;
      if (ellipsis || clamped)
        out.push({ kind: 'cut', what: `${name(el)} (${ellipsis ? 'ellipsis' : 'line clamp'})` });
    }
    return out;
  });
}

/** Each view, opened and stepped to a moment with something in every part of it. */
const VIEWS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'the buffer cache (seed 000)',
    open: async (page) => {
      await page.getByTestId('scenario-select').selectOption('seed000-8i-hot50');
      await page.getByTestId('position-slider').fill('3628');
      await page.getByTestId('step').click();
    },
  },
  {
    name: 'the library cache (seed 001)',
    open: async (page) => {
      await page.getByTestId('scenario-select').selectOption('seed001-8.1.6-test0');
      await expect(page.getByTestId('library-stats')).toBeVisible();
      await page.getByTestId('position-slider').fill('3628');
      await page.getByTestId('step').click();
    },
  },
  {
    name: 'the I/O path (seed 004)',
    open: async (page) => {
      await page.getByTestId('scenario-select').selectOption('seed004-10.2.0.5-keep');
      await expect(page.getByTestId('script-panel')).toBeVisible();
      for (let i = 0; i < 5; i++) await page.getByTestId('step').click();
    },
  },
  {
    name: 'the OS page cache (seed 003)',
    open: async (page) => {
      await page.getByTestId('scenario-select').selectOption('seed003-db-cache');
      await expect(page.getByTestId('script-panel')).toBeVisible();
      for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
    },
  },
  {
    name: 'sizing, with a sweep drawn',
    open: async (page) => {
      await page.getByTestId('sizing').scrollIntoViewIfNeeded();
      await page.getByTestId('sweep-from').fill('200');
      await page.getByTestId('sweep-to').fill('1800');
      await page.getByTestId('sweep-steps').fill('5');
      await page.getByTestId('sweep-run').click();
      await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(5, {
        timeout: 30_000,
      });
    },
  },
  {
    name: 'compare (the Table 6 preset)',
    open: async (page) => {
      await page.getByTestId('compare').click();
      await page.getByTestId('compare-preset-table6').click();
      await expect(page.getByTestId('compare-workspace')).toBeVisible({ timeout: 30_000 });
      for (let i = 0; i < 3; i++) await page.getByTestId('step').click();
    },
  },
];

// Each view is opened once a display mode and checked at every size on the same page (issue 38
// #2: it was opened again for each size).
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];
for (const display of ['normal', 'presenter'] as const)
  for (const view of VIEWS)
    test(`${view.name}, ${display}: no label overlaps or is cut at 1024, 1280, 1920 or 390 px`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(SIZES[0]);
      await openApp(page, display === 'presenter' ? `${URL_}?present` : URL_);
      await view.open(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // the views redraw for the new size and settle
        await page.waitForTimeout(800);
        const problems = await labelProblems(page);
        if (problems.length) console.log(JSON.stringify(problems, null, 1));
        expect(problems, `${size.width}×${size.height}`).toEqual([]);
      }
    });
