// The Markdown a slide is written in, a small safe subset: paragraphs, "- " and "1. " lists,
// **bold**, *emphasis*, `code` and [links](https://…). Parsed to a tree the page renders as
// React elements (never as HTML). Filled placeholders come in as pieces and stay whole.
import type { Filled } from './fill';

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'figure'; figure: Filled }
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em'; children: Inline[] }
  | { t: 'link'; href: string; children: Inline[] };

export type Block = { t: 'p'; children: Inline[] } | { t: 'ul' | 'ol'; items: Inline[][] };

/** Marks a placeholder's place in the text while it is parsed (a private-use character). */
const MARK = '\uE000';

/** Text (placeholders as MARK + index + MARK) to inline nodes. */
function inline(text: string, figures: Filled[]): Inline[] {
  const out: Inline[] = [];
  const re = /`([^`]+)`|\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)|\uE000(\d+)\uE000/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push({ t: 'text', text: text.slice(at, m.index) });
    if (m[1] !== undefined)
      out.push({
        t: 'code',
        text: m[1].replace(/\uE000(\d+)\uE000/g, (_, k: string) => figures[Number(k)].text),
      });
    else if (m[2] !== undefined) out.push({ t: 'strong', children: inline(m[2], figures) });
    else if (m[3] !== undefined) out.push({ t: 'em', children: inline(m[3], figures) });
    else if (m[4] !== undefined) {
      const href = /^(https?:|mailto:|\?|#)/.test(m[5]) ? m[5] : '#';
      out.push({ t: 'link', href, children: inline(m[4], figures) });
    } else out.push({ t: 'figure', figure: figures[Number(m[6])] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ t: 'text', text: text.slice(at) });
  return out;
}

/** A slide's text, its placeholders filled, as blocks. */
export function parseMarkdown(pieces: (string | Filled)[]): Block[] {
  const figures: Filled[] = [];
  const text = pieces
    .map((p) => {
      if (typeof p === 'string') return p.replaceAll(MARK, '');
      figures.push(p);
      return `${MARK}${figures.length - 1}${MARK}`;
    })
    .join('');
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const bullet = lines.every((l) => /^\s*[-*] /.test(l));
    const numbered = lines.every((l) => /^\s*\d+\. /.test(l));
    if (bullet || numbered)
      blocks.push({
        t: bullet ? 'ul' : 'ol',
        items: lines.map((l) => inline(l.replace(/^\s*(?:[-*]|\d+\.) /, ''), figures)),
      });
    else blocks.push({ t: 'p', children: inline(lines.join(' '), figures) });
  }
  return blocks;
}

/** The plain words of inline nodes (for a caption's accessible name, and tests). */
export const plainOf = (nodes: Inline[]): string =>
  nodes
    .map((n) =>
      n.t === 'text' || n.t === 'code'
        ? n.text
        : n.t === 'figure'
          ? n.figure.text
          : plainOf(n.children),
    )
    .join('');
