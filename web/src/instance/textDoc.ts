// AWR text reports (awrrpt.sql, report type 'text') and Statspack reports (spreport.sql) as
// sections of tables. Both print a section as a title line ("Buffer Pool Advisory  DB/Inst:
// ORCL/orcl  Snap: 38"; the summary pages' titles stand alone: "Load Profile", "Cache Sizes"),
// notes starting "->", heading lines, a rule of dashes (or tildes under a summary title) whose
// runs are the columns' widths, the rows, and a closing rule indented under the page. The rule's
// runs say where each column is, so a row's words are given to the column they overlap most: a
// name with spaces stays in its column, and a value that overflows into its neighbour's margin
// still lands in its own. A line that fills only text columns under a row continues that row
// (a long object name wrapped). Layouts: Oracle Database Performance Tuning Guide, "Generating
// Automatic Workload Repository Reports"; $ORACLE_HOME/rdbms/admin/spdoc.txt ("Running the
// instance report").
import { squash, type Doc, type Section, type Table } from './doc';

/** Titles of the summary pages, which carry no "DB/Inst:" after them. */
const SUMMARY =
  /^(Cache Sizes|Load Profile|Instance Efficiency|Shared Pool Statistics|Top \d+ Timed|Top \d+ Foreground|Host CPU|Instance CPU|Memory Statistics|Snapshot\b)/;
const TITLE = /^([A-Za-z][^\s].*?)\s{2,}DB\/Inst:/;

interface Span {
  start: number;
  end: number;
}

/** The column spans of a rule line ("--- -------- ~~~~"), or null when the line is no rule. */
function ruleSpans(line: string): Span[] | null {
  if (!/^[\s~-]+$/.test(line) || !/[-~]{2}/.test(line)) return null;
  const spans: Span[] = [];
  for (const m of line.matchAll(/[-~]+/g))
    spans.push({ start: m.index, end: m.index + m[0].length });
  return spans;
}

/** The closing rule of a page or section: one long run, indented. */
function isClosingRule(spans: Span[]): boolean {
  return spans.length === 1 && spans[0].start >= 5 && spans[0].end - spans[0].start >= 40;
}

/** A line's words, each given to the column it overlaps most (the nearest when none). */
function cells(line: string, spans: Span[]): string[] {
  const out: string[] = spans.map(() => '');
  for (const m of line.matchAll(/\S+/g)) {
    const a = m.index;
    const b = a + m[0].length;
    let best = -1;
    let bestScore = -Infinity;
    spans.forEach((s, i) => {
      const overlap = Math.min(b, s.end) - Math.max(a, s.start);
      const score = overlap > 0 ? overlap : -Math.min(Math.abs(a - s.end), Math.abs(s.start - b));
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    out[best] = out[best] ? `${out[best]} ${m[0]}` : m[0];
  }
  return out;
}

const NUMERIC = /^[-+]?[\d,.]+[KMGT%]?$|^#+$/;

/** The tables of a section's lines. */
function tables(lines: string[], titleAt: number): Table[] {
  const out: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    const spans = ruleSpans(lines[i]);
    if (!spans || isClosingRule(spans)) continue;
    const headLines: string[] = [];
    for (let j = i - 1; j >= Math.max(0, titleAt, i - 4); j--) {
      const l = lines[j];
      if (l.trim() === '' || l.trimStart().startsWith('->') || ruleSpans(l)) break;
      headLines.unshift(l);
      if (j === titleAt) break;
    }
    const header = spans.map(() => '');
    for (const l of headLines)
      cells(l, spans).forEach((c, k) => (header[k] = squash(`${header[k]} ${c}`)));
    const rows: string[][] = [];
    let k = i + 1;
    for (; k < lines.length; k++) {
      const l = lines[k];
      if (l.trim() === '' || l.trimStart().startsWith('->')) break;
      const rule = ruleSpans(l);
      if (rule) break;
      const row = cells(l, spans);
      const prev = rows[rows.length - 1];
      const filled = row.filter((c) => c !== '');
      const continues =
        prev !== undefined &&
        filled.length > 0 &&
        filled.length * 2 < spans.length &&
        /^\s/.test(l) &&
        row.every(
          (c, x) => c === '' || (!NUMERIC.test(c) && prev[x] !== '' && !NUMERIC.test(prev[x])),
        );
      if (continues) row.forEach((c, x) => c && (prev[x] = `${prev[x]}${c}`));
      else rows.push(row);
    }
    out.push({ header, rows });
    i = k - 1;
  }
  return out;
}

/** The report's text as sections; the lines before the first titled section are the header. */
export function textDoc(text: string, format: Doc['format']): Doc {
  const lines = text.split(/\r?\n/);
  const sections: Section[] = [];
  let current: { title: string; from: number } = { title: 'Report header', from: 0 };
  const close = (to: number) => {
    const own = lines.slice(current.from, to);
    // tables are cut on first use: a report's many sections the reader never asks for (SQL
    // text, wait histograms) cost only their lines
    let cut: Table[] | null = null;
    sections.push({
      title: current.title,
      lines: own,
      get tables() {
        return (cut ??= tables(own, 0));
      },
    });
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l === '' || /^\s/.test(l)) continue;
    const titled = TITLE.exec(l)?.[1] ?? SUMMARY.exec(l)?.[1];
    if (titled === undefined || i === current.from) continue;
    close(i);
    current = { title: squash(titled === 'Snapshot' ? 'Report header' : titled), from: i };
  }
  close(lines.length);
  return { format, sections: sections.filter((s) => s.lines.some((l) => l.trim() !== '')) };
}
