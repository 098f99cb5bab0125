// A SQL*Plus script as the seeds print them: `&&name` / `&name` substitution variables,
// `rem` and other SQL*Plus command lines between statements, statements ended by `;` or by
// a line holding only `/`.
import { solid, tokenize } from './tokens';

// `&1`, `&2` … are a command file's arguments (include.ts)
const VARIABLE = /&&?([A-Za-z_][A-Za-z0-9_$#]*|\d+)\.?/g;

/** The substitution variables a script names, in order, each once (lower case). */
export function variables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(VARIABLE)) seen.add(m[1].toLowerCase());
  return [...seen];
}

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

/**
 * Substitute a script as SQL*Plus reads it: a `define` line sets its variable for the lines
 * after it (its own value substituted first), so `define n = 5` then `select &n from dual`
 * needs nothing from outside. Returns the text and the variables defined at its end.
 */
export function substituteScript(
  text: string,
  given: Record<string, string>,
): { text: string; defines: Record<string, string> } {
  const defines = { ...given };
  let out = '';
  let from = 0;
  for (const d of splitScript(text).defineLines) {
    out += substitute(text.slice(from, d.start), defines);
    const line = substitute(text.slice(d.start, d.end), defines);
    out += line;
    const m = DEFINE.exec(line);
    if (m) defines[m[2].toLowerCase()] = defineValue(m[3]);
    from = d.end;
  }
  out += substitute(text.slice(from), defines);
  return { text: out, defines };
}

/** The substitution variables `text` needs that neither `defines` nor its own defines give. */
export const unset = (text: string, defines: Record<string, string>): string[] =>
  variables(substituteScript(text, defines).text);

/** SQL*Plus commands (not SQL) a seed's script holds between statements: skipped. */
const SQLPLUS =
  /^\s*(rem|remark|set|col|column|spool|show|ttitle|btitle|break|compute|clear|whenever|undefine|accept|pause|store)(\s|$)/i;
/**
 * `@file`, `@@file` and `START file` (`STA`), with arguments for `&1`, `&2` …: include.ts runs
 * the file there; a script run without a way to read files skips the line.
 */
const INCLUDE = /^\s*(?:@@?|sta(?:rt?)?\s+)\s*("[^"]+"|[^\s"]+)\s*(.*?)\s*$/i;
const DEFINE = /^\s*def(ine)?\s+([A-Za-z_][A-Za-z0-9_$#]*|\d+)\s*=\s*(.*?)\s*$/i;

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
  /** PROMPT lines' text (SQL*Plus echoes it), each before the statement of index `before`. */
  prompts: Prompt[];
  /** `@file` / `START file` lines: where each is, the file and its arguments. */
  includes: Include[];
}

export interface Include {
  start: number;
  end: number;
  file: string;
  args: string[];
}

export interface Prompt {
  /** the index in `statements` of the statement it comes before (its length: after them all) */
  before: number;
  text: string;
}

/** `prompt` / `pro`… (SQL*Plus accepts the command shortened to PRO) and the text it echoes. */
const PROMPT = /^\s*pro(?:m(?:p(?:t)?)?)?(?:\s(.*))?$/i;

const defineValue = (v: string) => v.replace(/^'(.*)'$/, '$1');

/**
 * Split a script into its statements, in one pass over its tokens (it tokenized the rest of
 * the line again at each `;`: 51 s for a 114 KB line of 6,000 statements). A line between
 * statements may be a SQL*Plus command or a `define`; a line holding only `/` ends a
 * statement; a line starting inside a string or a comment is neither.
 */
export function splitScript(
  text: string,
): Split & { defineLines: Array<{ start: number; end: number }> } {
  const statements: Statement[] = [];
  const skipped: string[] = [];
  const defines: Record<string, string> = {};
  const defineLines: Array<{ start: number; end: number }> = [];
  const prompts: Prompt[] = [];
  const includes: Include[] = [];
  const toks = tokenize(text);
  let t = 0; // the first token not yet read
  let start = 0; // where the statement being read starts
  let solidSeen = false; // it holds more than spaces and comments
  const flush = (end: number) => {
    if (solidSeen) statements.push({ text: text.slice(start, end), start });
    solidSeen = false;
  };
  for (let ls = 0; ls <= text.length;) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    const next = le + 1;
    // the line starts between tokens unless a string or comment from before runs into it
    const prev = t > 0 ? toks[t - 1] : null;
    const boundary = !prev || prev.start + prev.text.length <= ls || prev.kind === 'space';
    const line = text.slice(ls, le);
    if (boundary && !solidSeen) {
      const def = DEFINE.exec(line);
      const prompt = PROMPT.exec(line);
      const include = INCLUDE.exec(line);
      if (def || prompt || include || SQLPLUS.test(line)) {
        if (include) {
          skipped.push(line.trim());
          const args = include[2].match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
          includes.push({
            start: ls,
            end: le,
            file: include[1].replace(/^"|"$/g, ''),
            args: args.map((a) => a.replace(/^(['"])(.*)\1$/, '$2')),
          });
        } else if (prompt) {
          skipped.push(line.trim());
          prompts.push({ before: statements.length, text: (prompt[1] ?? '').trimEnd() });
        } else if (def) {
          defines[def[2].toLowerCase()] = defineValue(def[3]);
          defineLines.push({ start: ls, end: le });
        } else skipped.push(line.trim());
        while (t < toks.length && toks[t].start < next) t++;
        start = next;
        ls = next;
        continue;
      }
    }
    if (boundary && line.trim() === '/') {
      flush(Math.max(start, ls - 1));
      while (t < toks.length && toks[t].start < next) t++;
      start = next;
      ls = next;
      continue;
    }
    for (; t < toks.length && toks[t].start < next; t++) {
      const k = toks[t];
      if (k.kind === 'op' && k.text === ';') {
        flush(k.start);
        start = k.start + 1;
      } else if (solid(k)) solidSeen = true;
    }
    ls = next;
  }
  flush(text.length);
  return { statements, skipped, defines, prompts, includes, defineLines };
}
