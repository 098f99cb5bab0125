// AWR HTML reports (awrrpt.sql, report type 'html') as sections of tables, from a parsed tree:
// the page's DOMParser (instanceHtml.ts) or htmlparser2 in Node (scripts/lib/reportHtml.ts) parse
// the markup, and this walks the tree through an accessor, so both read the same. Nothing is
// rendered or run: script, style and the like are skipped whole, and attributes (event handlers
// with them) are never read. A section starts at a heading (<h2>/<h3>: "Buffer Pool Advisory")
// or, on the summary page where titles are bare text between tables ("Load Profile", "Cache
// Sizes"), at a short line of text after a table. Layout: Oracle Database Performance Tuning
// Guide, "Generating Automatic Workload Repository Reports" (awrrpt.sql, report type html).
import { squash, type Doc, type Section, type Table } from './doc';

/** How the walker reads a tree: an element's lower-case name (null for text), a text node's
 * text, and a node's children. */
export interface TreeAccess<N> {
  name(n: N): string | null;
  text(n: N): string;
  children(n: N): Iterable<N>;
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'head']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4']);

/** The text under a node, script and style left out. */
function textOf<N>(n: N, a: TreeAccess<N>): string {
  const name = a.name(n);
  if (name === null) return a.text(n);
  if (SKIPPED.has(name)) return '';
  let s = '';
  for (const c of a.children(n)) s += textOf(c, a);
  return name === 'br' ? ' ' : s;
}

/** A table's heading row (the first row of <th>) and its rows of cells. */
function readTable<N>(table: N, a: TreeAccess<N>): Table {
  const out: Table = { header: [], rows: [] };
  const visit = (n: N) => {
    for (const c of a.children(n)) {
      const name = a.name(c);
      if (name === 'tr') {
        const heads: string[] = [];
        const tds: string[] = [];
        for (const cell of a.children(c)) {
          const cn = a.name(cell);
          if (cn === 'th') heads.push(squash(textOf(cell, a)));
          else if (cn === 'td') tds.push(squash(textOf(cell, a)));
        }
        if (tds.length === 0 && heads.length > 0 && out.header.length === 0) out.header = heads;
        else if (tds.length > 0) out.rows.push(heads.length ? [...heads, ...tds] : tds);
      } else if (name === 'thead' || name === 'tbody' || name === 'tfoot') visit(c);
    }
  };
  visit(table);
  return out;
}

/** The report's tree as sections. */
export function htmlDoc<N>(root: N, a: TreeAccess<N>): Doc {
  const sections: Section[] = [];
  let current: Section = { title: 'Report header', tables: [], lines: [] };
  const start = (title: string) => {
    sections.push(current);
    current = { title, tables: [], lines: [] };
  };
  const walk = (n: N) => {
    const name = a.name(n);
    if (name === null) {
      const t = squash(a.text(n));
      if (t === '') return;
      // a bare title ("Load Profile") after a table, or right under a heading, starts a section
      if ((current.tables.length > 0 || current.lines.length === 0) && t.length < 100) start(t);
      else current.lines.push(t);
      return;
    }
    if (SKIPPED.has(name)) return;
    if (HEADINGS.has(name)) {
      const t = squash(textOf(n, a));
      if (name === 'h1') current.lines.push(t);
      else if (t) start(t);
      return;
    }
    if (name === 'table') {
      const t = readTable(n, a);
      current.tables.push(t);
      for (const r of t.rows) current.lines.push(r.join('  '));
      return;
    }
    if (name === 'ul' || name === 'ol') {
      current.lines.push(squash(textOf(n, a)));
      return;
    }
    for (const c of a.children(n)) walk(c);
  };
  walk(root);
  sections.push(current);
  return {
    format: 'AWR HTML',
    sections: sections.filter((s) => s.tables.length > 0 || s.lines.length > 0),
  };
}
