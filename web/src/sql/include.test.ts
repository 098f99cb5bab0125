// Issue 41 #6: `@file` / `START file` run a file where the line stands, as SQL*Plus does.
import { describe, expect, it } from 'vitest';
import { expandIncludes, pickedReader } from './include';
import { splitScript } from './script';

const files = new Map([
  ['inner.sql', 'select &1 n, &2 m from dual;\n'],
  ['HOT.SQL', '-- ---------\n-- a header, not an option\n-- ---------\nselect 1 from dual;'],
  ['loop.sql', '@loop\n'],
]);
const read = pickedReader(files);

describe('@file and START file', () => {
  it('runs the file there, its arguments as &1, &2', () => {
    const out = expandIncludes("prompt a\n@inner 5 'x y'\nselect 2 from dual;\n", read);
    expect(out.error).toBeNull();
    const split = splitScript(out.text ?? '');
    expect(split.defines).toEqual({ 1: '5', 2: 'x y' });
    expect(split.statements.map((s) => s.text.trim())).toEqual([
      'select &1 n, &2 m from dual',
      'select 2 from dual',
    ]);
  });

  it('START, @@ and a name without .sql; a header of dashes stays a comment', () => {
    for (const line of ['start hot', 'sta hot.sql', '@@hot', '@ hot']) {
      const out = expandIncludes(`${line}\n`, read);
      expect(splitScript(out.text ?? '').statements.map((s) => s.text.trim())).toEqual([
        '-- ---------\n-- a header, not an option\n-- ---------\nselect 1 from dual',
      ]);
    }
  });

  it('says which file it could not open, and stops at 20 levels, as SQL*Plus does', () => {
    expect(expandIncludes('@nosuch\n', read).error).toBe(
      'SP2-0310: unable to open file "nosuch.sql"',
    );
    expect(expandIncludes('@loop\n', read).error).toMatch(/^SP2-0309: .* depth of 20\.$/);
  });

  it('leaves START WITH inside a statement alone', () => {
    const text = 'select 1 from dual\nstart with 1 = 1;\n';
    expect(expandIncludes(text, read)).toEqual({ text, error: null });
  });
});
