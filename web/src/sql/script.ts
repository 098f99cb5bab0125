// A SQL*Plus script as the seeds print them: `&&name` / `&name` substitution variables,
// `rem` and other SQL*Plus command lines between statements, statements ended by `;` or by
// a line holding only `/`.
import { solid, tokenize } from './tokens';

const VARIABLE = /&&?([A-Za-z_][A-Za-z0-9_$#]*)\.?/g;

/** The substitution variables a script names, in order, each once (lower case). */
export function variables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(VARIABLE)) seen.add(m[1].toLowerCase());
  return [...seen];
}

/** The substitution variables `text` needs that `defines` has no value for. */
export const unset = (text: string, defines: Record<string, string>): string[] =>
  variables(text).filter((v) => defines[v] === undefined);

/**
 * Replace `&&name` and `&name` (a trailing `.` ends the name and goes, as in SQL*Plus) by
 * their values; names without a value are left for the caller to ask about.
 */
export function substitute(text: string, defines: Record<string, string>): string {
  return text.replace(VARIABLE, (all, name: string) => {
    const v = defines[name.toLowerCase()];
    return v === undefined ? all : v;
  });
}

/** SQL*Plus commands (not SQL) a seed's script holds between statements: skipped. */
const SQLPLUS =
  /^\s*(rem|remark|set|col|column|prompt|spool|show|ttitle|btitle|break|compute|clear|whenever|undefine|accept|pause|@@?\S*)(\s|$)/i;
const DEFINE = /^\s*def(ine)?\s+([A-Za-z_][A-Za-z0-9_$#]*)\s*=\s*(.*?)\s*$/i;

export interface Statement {
  /** The statement's text, without its terminator. */
  text: string;
  /** Offset of `text` in the script. */
  start: number;
}

export interface Split {
  statements: Statement[];
  /** SQL*Plus lines skipped, as written. */
  skipped: string[];
  /** `define name = value` lines met, in order. */
  defines: Record<string, string>;
}

/** Offset of the first `;` outside strings and comments, or -1. */
function terminator(text: string): number {
  const t = tokenize(text).find((k) => k.kind === 'op' && k.text === ';');
  return t ? t.start : -1;
}

/** Split a script into its statements. */
export function splitScript(text: string): Split {
  const statements: Statement[] = [];
  const skipped: string[] = [];
  const defines: Record<string, string> = {};
  let cur = '';
  let curStart = 0;
  const empty = () => tokenize(cur).every((t) => !solid(t));
  const flush = () => {
    if (!empty()) statements.push({ text: cur, start: curStart });
    cur = '';
  };
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (empty()) {
      const def = DEFINE.exec(line);
      if (def) {
        defines[def[2].toLowerCase()] = def[3].replace(/^'(.*)'$/, '$1');
        cur = '';
        continue;
      }
      if (SQLPLUS.test(line)) {
        skipped.push(line.trim());
        cur = '';
        continue;
      }
    }
    if (line.trim() === '/') {
      flush();
      continue;
    }
    if (cur === '') {
      cur = line;
      curStart = lineStart;
    } else cur += '\n' + line;
    for (let at = terminator(cur); at >= 0; at = terminator(cur)) {
      const rest = cur.slice(at + 1);
      const restStart = curStart + at + 1;
      cur = cur.slice(0, at);
      flush();
      cur = rest;
      curStart = restStart;
    }
  }
  flush();
  return { statements, skipped, defines };
}
