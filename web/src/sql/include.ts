// `@file`, `@@file` and `START file` in a script, as SQL*Plus runs them: the file's text runs
// where the line stands (its own `@` lines too, at most 20 deep), its arguments are `&1`, `&2`
// …, and a name without an extension is read as name.sql. The CLI reads files from disk
// (scripts/sql.ts), the page from the files the user picked (SqlConsole.tsx).
import { splitScript } from './script';

/** A file's text, or null when there is none; `from` is the calling script's name (for `@@`). */
export type ReadScript = (
  file: string,
  from: string | null,
) => { name: string; text: string } | null;

/** SQL*Plus's own limit on nested command files. */
export const MAX_DEPTH = 20;

/** SQL*Plus's default extension: `@hot_blocks` reads hot_blocks.sql. */
export const withExtension = (file: string): string =>
  /\.[^./\\]+$/.test(file) ? file : `${file}.sql`;

export type Expanded = { text: string; error: null } | { text: null; error: string };

/**
 * The script with every `@file` / `START file` line replaced by the file's text, preceded by a
 * `define` line for each argument. The error reads as SQL*Plus's (SP2-0310, SP2-0309).
 */
export function expandIncludes(
  text: string,
  read: ReadScript,
  from: string | null = null,
  depth = 0,
): Expanded {
  const { includes } = splitScript(text);
  if (!includes.length) return { text, error: null };
  if (depth >= MAX_DEPTH)
    return {
      text: null,
      error: `SP2-0309: SQL*Plus command procedures may only be nested to a depth of ${MAX_DEPTH}.`,
    };
  let out = '';
  let at = 0;
  for (const inc of includes) {
    const file = withExtension(inc.file);
    const got = read(file, from);
    if (!got) return { text: null, error: `SP2-0310: unable to open file "${file}"` };
    const inner = expandIncludes(got.text.replace(/^\uFEFF/, ''), read, got.name, depth + 1);
    if (inner.error !== null) return inner;
    const args = inc.args.map((a, k) => `define ${k + 1} = '${a}'\n`).join('');
    // the included text on lines of its own: a last line without a newline still ends there
    out += text.slice(at, inc.start) + args + inner.text.replace(/\n?$/, '\n');
    at = inc.end + 1;
  }
  return { text: out + text.slice(at), error: null };
}

/**
 * The page's reader: a file the user picked, by its name as `@` gives it (a path's last part
 * will do, and the case of its letters does not matter, as on the machines DBAs keep scripts).
 */
export function pickedReader(files: ReadonlyMap<string, string>): ReadScript {
  return (file) => {
    const base = file.split(/[/\\]/).pop() ?? file;
    for (const [name, text] of files)
      if (name === file || name.toLowerCase() === base.toLowerCase()) return { name, text };
    return null;
  };
}
