// A view or chart as an image. The views mix HTML (labels, boxes), SVG and canvas (dense
// replacement lists), so the export rebuilds one SVG document from what is on screen: each
// <svg> nested with its computed styles written onto its elements, each <canvas> as an
// embedded PNG, each coloured HTML box as a <rect> and each HTML text as a <text>, all at
// their places relative to the exported element. The PNG is that SVG drawn onto a canvas.
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Presentation properties copied from computed style onto the cloned SVG elements. */
const SVG_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

const esc = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const transparent = (c: string) => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
const px = (v: number) => Math.round(v * 100) / 100;

/** The svg with every element's computed presentation written onto it as attributes, as XML. */
function inlineSvg(svg: SVGSVGElement, x: number, y: number, w: number, h: number): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const to = [clone, ...Array.from(clone.querySelectorAll('*'))];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const target = to[i] as SVGElement;
    // Presentation attributes, not a style attribute: the page's CSP (style-src 'self')
    // refuses inline styles, and in the exported file they carry the same values.
    target.removeAttribute('style');
    target.removeAttribute('class');
    for (const p of SVG_PROPS) {
      const v = cs.getPropertyValue(p);
      if (v !== '') target.setAttribute(p, v);
    }
  });
  clone.setAttribute('x', String(px(x)));
  clone.setAttribute('y', String(px(y)));
  clone.setAttribute('width', String(px(w)));
  clone.setAttribute('height', String(px(h)));
  return new XMLSerializer().serializeToString(clone);
}

function textOf(node: Text, origin: DOMRect, cs: CSSStyleDeclaration): string {
  const t = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return '';
  const range = document.createRange();
  range.selectNodeContents(node);
  const r = range.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return '';
  const size = parseFloat(cs.fontSize) || 12;
  const y = r.top - origin.top + (r.height + size * 0.7) / 2;
  return (
    `<text x="${px(r.left - origin.left)}" y="${px(y)}" fill="${esc(cs.color)}" ` +
    `font-family="${esc(cs.fontFamily)}" font-size="${esc(cs.fontSize)}" ` +
    `font-weight="${esc(cs.fontWeight)}" xml:space="preserve">${esc(t)}</text>`
  );
}

function walk(el: Element, origin: DOMRect, out: string[]): void {
  const cs = getComputedStyle(el);
  if (cs.display === 'none' || cs.visibility === 'hidden') return;
  const r = el.getBoundingClientRect();
  const x = r.left - origin.left;
  const y = r.top - origin.top;
  if (el instanceof SVGSVGElement) {
    out.push(inlineSvg(el, x, y, r.width, r.height));
    return;
  }
  if (el instanceof HTMLCanvasElement) {
    if (r.width > 0 && r.height > 0)
      out.push(
        `<image x="${px(x)}" y="${px(y)}" width="${px(r.width)}" height="${px(r.height)}" ` +
          `preserveAspectRatio="none" href="${el.toDataURL('image/png')}"/>`,
      );
    return;
  }
  if (r.width > 0 && r.height > 0) {
    const bg = cs.backgroundColor;
    const border = parseFloat(cs.borderTopWidth) || 0;
    const stroke =
      border > 0 && cs.borderTopStyle !== 'none' && !transparent(cs.borderTopColor)
        ? ` stroke="${esc(cs.borderTopColor)}" stroke-width="${border}"`
        : '';
    if (!transparent(bg) || stroke) {
      const rx = parseFloat(cs.borderTopLeftRadius) || 0;
      const fill = transparent(bg) ? 'none' : esc(bg);
      const opacity = cs.opacity !== '1' ? ` opacity="${cs.opacity}"` : '';
      out.push(
        `<rect x="${px(x)}" y="${px(y)}" width="${px(r.width)}" height="${px(r.height)}" rx="${rx}" fill="${fill}"${stroke}${opacity}/>`,
      );
    }
  }
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) out.push(textOf(child as Text, origin, cs));
    else if (child instanceof Element) walk(child, origin, out);
  }
}

/** One SVG document of everything drawn inside `el`, at its on-screen size. */
export function elementToSvg(
  el: HTMLElement,
  title: string,
): { svg: string; width: number; height: number } {
  const origin = el.getBoundingClientRect();
  const width = Math.max(1, Math.ceil(origin.width));
  const height = Math.max(1, Math.ceil(origin.height));
  const parts: string[] = [];
  for (const child of Array.from(el.childNodes)) {
    if (child instanceof Element) walk(child, origin, parts);
    else if (child.nodeType === Node.TEXT_NODE)
      parts.push(textOf(child as Text, origin, getComputedStyle(el)));
  }
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${esc(title)}</title>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    parts.join('') +
    `</svg>\n`;
  return { svg, width, height };
}

/** The SVG drawn onto a canvas at `scale` (2: sharp on slides) as a PNG. */
export async function svgToPng(
  svg: string,
  width: number,
  height: number,
  scale = 2,
): Promise<Blob> {
  const img = new Image();
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  img.src = `data:image/svg+xml;base64,${btoa(binary)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas to draw the PNG on');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))),
      'image/png',
    ),
  );
}
