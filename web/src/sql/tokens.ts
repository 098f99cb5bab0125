// A tokenizer for the Oracle SQL the seeds write (and SQL*Plus scripts around it): words may
// hold `$` and `#` (V$BH, BUF#), strings double their quotes, comments are `--` and `/* */`.
// Every token keeps its offset in the script, so an error can name its line and column.

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'op' | 'space' | 'comment';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offset of its first character in the text tokenized (plus the base given). */
  start: number;
}

const WORD_START = /[A-Za-z_]/;
const WORD = /[A-Za-z0-9_$#]/;
const DIGIT = /[0-9]/;

/** Split `text` into tokens; an unterminated string or comment runs to the end. */
export function tokenize(text: string, base = 0): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    out.push({ kind, text: text.slice(i, end), start: base + i });
    i = end;
  };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      push('space', j);
    } else if (c === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      push('comment', nl < 0 ? text.length : nl);
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      push('comment', end < 0 ? text.length : end + 2);
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) break;
        if (text[j] === c) {
          if (text[j + 1] === c) j += 2;
          else {
            j++;
            break;
          }
        } else j++;
      }
      push(c === "'" ? 'string' : 'quoted', j);
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < text.length && WORD.test(text[j])) j++;
      push('word', j);
    } else if (DIGIT.test(c) || (c === '.' && DIGIT.test(text[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < text.length && /[0-9.]/.test(text[j])) j++;
      if (/[eE]/.test(text[j] ?? '') && /[-+0-9]/.test(text[j + 1] ?? '')) {
        j += 2;
        while (j < text.length && DIGIT.test(text[j])) j++;
      }
      push('number', j);
    } else {
      const two = text.slice(i, i + 2);
      push('op', ['||', '<=', '>=', '<>', '!=', '=>'].includes(two) ? i + 2 : i + 1);
    }
  }
  return out;
}

/** Tokens that carry meaning (no spaces, no comments). */
export const solid = (t: Token): boolean => t.kind !== 'space' && t.kind !== 'comment';

/** Line and column (1-based) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
