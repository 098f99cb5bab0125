// What a statement writes and what SQL*Plus says it did: read off its tokens (session.ts).
import type { Token } from './tokens';

export const bareName = (t: string) => t.replace(/^"|"$/g, '').toLowerCase();

/** The verbs of a statement that writes, and what may follow a WITH clause. */
const DML = new Set(['insert', 'replace', 'update', 'delete']);

/**
 * The object a statement writes (INSERT INTO x, REPLACE INTO x, UPDATE OR IGNORE x, DELETE
 * FROM x, DROP VIEW x …, after a WITH clause too), if any: the name after the verb's clause,
 * a schema prefix (sys.x) skipped.
 */
export function written(toks: Token[]): Token | null {
  const words = toks.map((t) => bareName(t.text));
  // the statement's verb: the first word, or after WITH the first DML word outside parentheses
  let v = 0;
  if (words[0] === 'with') {
    let depth = 0;
    v = -1;
    for (let k = 1; k < words.length && v < 0; k++) {
      if (words[k] === '(') depth++;
      else if (words[k] === ')') depth--;
      else if (depth === 0 && (DML.has(words[k]) || words[k] === 'select')) v = k;
    }
    if (v < 0) return null;
  }
  const name = (k: number) => (words[k + 1] === '.' ? (toks[k + 2] ?? null) : (toks[k] ?? null));
  const after = (w: string) => {
    const k = words.indexOf(w, v);
    return k < 0 ? null : name(k + 1);
  };
  switch (words[v]) {
    case 'insert':
    case 'replace':
      return after('into');
    case 'delete':
      return words[v + 1] === 'from' ? after('from') : name(v + 1);
    case 'update':
      // UPDATE OR ROLLBACK|ABORT|REPLACE|FAIL|IGNORE name
      return name(words[v + 1] === 'or' ? v + 3 : v + 1);
    case 'drop':
    case 'alter':
    case 'truncate':
    case 'create':
      return after(words.find((w) => w === 'table' || w === 'view' || w === 'index') ?? '');
    default:
      return null;
  }
}

/** What a DDL statement did, in SQL*Plus's words. */
export function done(tokens: Token[]): string {
  const [verb, a, b, c] = tokens.map((t) => t.text.toLowerCase());
  const object = verb === 'create' && a === 'or' && b === 'replace' ? c : a;
  const past: Record<string, string> = { create: 'created', drop: 'dropped', alter: 'altered' };
  if (past[verb] && object) return `${object[0].toUpperCase()}${object.slice(1)} ${past[verb]}.`;
  return 'Statement processed.';
}
