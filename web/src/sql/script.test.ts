// Issue 29: a script split in one pass (it was quadratic), a script's own `define`, and text
// output of any row count (Math.max over a spread).
import { describe, expect, it } from 'vitest';
import { formatResult } from './format';
import { openSessionNode } from './node';
import { splitScript, substituteScript, unset } from './script';

describe('SQL*Plus scripts', () => {
  // Each `;` tokenized the rest of the line again: 51 s for this script. The time is a figure
  // (`npm run bench`, scripts/bench-sql.ts); the timeout here is a hang guard only.
  it('splits a 114 KB one-line script of 6,000 statements', { timeout: 30_000 }, () => {
    const script = Array.from({ length: 6000 }, (_, k) => `select ${k} from dual;`).join(' ');
    expect(script.length).toBeGreaterThan(110_000);
    const s = splitScript(script);
    expect(s.statements).toHaveLength(6000);
    expect(s.statements[5999].text.trim()).toBe('select 5999 from dual');
    expect(script.slice(s.statements[42].start).startsWith(s.statements[42].text)).toBe(true);
  });

  it('keeps SQL*Plus lines and `/` terminators where they are', () => {
    const s = splitScript(
      "rem a\nselect 1\nfrom dual\n/\nset lines 100\nselect ';' from dual; select 2 from dual;\n",
    );
    expect(s.skipped).toEqual(['rem a', 'set lines 100']);
    expect(s.statements.map((x) => x.text.trim())).toEqual([
      'select 1\nfrom dual',
      "select ';' from dual",
      'select 2 from dual',
    ]);
  });

  it('PROMPT (and PRO, PROMPT alone) is echoed where it stands among the statements', () => {
    const s = splitScript(
      'prompt One\nselect 1 from dual;\npro\nPROMPT  two  words \nselect 2 from dual;\nprompt end',
    );
    expect(s.prompts).toEqual([
      { before: 0, text: 'One' },
      { before: 1, text: '' },
      { before: 1, text: ' two  words' },
      { before: 2, text: 'end' },
    ]);
    expect(s.statements).toHaveLength(2);
    // not a prompt: a statement that starts with the letters
    expect(splitScript('procedure_x;').prompts).toEqual([]);
  });

  it('a script that defines its own variable needs no value from outside', () => {
    const script = 'define n = 5\nselect &n from dual;';
    expect(unset(script, {})).toEqual([]);
    expect(substituteScript(script, {}).text).toBe('define n = 5\nselect 5 from dual;');
    // a use before the define still needs a value
    expect(unset('select &m from dual;\ndefine m = 1\n', {})).toEqual(['m']);
  });

  it('the session runs such a script', async () => {
    const session = await openSessionNode();
    const out = session.run('define n = 5\nselect &n * 2 x from dual;');
    expect(out.error).toBeNull();
    expect(out.results[0].rows).toEqual([[10]]);
    expect(session.defines.n).toBe('5');
    session.close();
  });
});

describe('text output', () => {
  it('formats 200,000 rows (Math.max over a spread threw a RangeError above ~130,000)', () => {
    const rows = Array.from({ length: 200_000 }, (_, k) => [k, `r${k}`]);
    const text = formatResult({ statement: 's', columns: ['N', 'S'], rows, message: null, ms: 0 });
    expect(text.endsWith('200000 rows selected.')).toBe(true);
    expect(text.split('\n')[2]).toBe('     0 r0');
  });
});
