import { describe, expect, it } from 'vitest';
import { toCharNumber } from './functions';
import { splitScript, substitute, variables } from './script';
import { lineColumn, tokenize } from './tokens';
import { translate, TranslateError } from './translate';

const tr = (sql: string) => translate(sql, 0).sql;

describe('the tokenizer', () => {
  it('keeps $ and # inside names, strings with doubled quotes, comments', () => {
    const t = tokenize(`select bh.buf#, 'it''s' /* c */ from v$bh -- x`).filter(
      (k) => k.kind !== 'space',
    );
    expect(t.map((k) => k.text)).toEqual([
      'select',
      'bh',
      '.',
      'buf#',
      ',',
      "'it''s'",
      '/* c */',
      'from',
      'v$bh',
      '-- x',
    ]);
  });
  it('gives lines and columns', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('the translation to SQLite', () => {
  it('drops sys. and quotes names holding #', () => {
    expect(tr('select bh.buf# from\n sys.v$buffer_pool_statistics')).toBe(
      'select bh."buf#" from v$buffer_pool_statistics',
    );
  });
  it('divides as Oracle does', () => {
    expect(tr('select 1/2 from dual')).toBe('select 1 * 1.0 /2 from dual');
  });
  it('makes DECODE a CASE (null matches null), BITAND an &, NVL ifnull', () => {
    expect(tr("select decode(a,1,'x','y') from t")).toBe(
      "select (CASE coalesce(ora_num((a)), x'00dec0de00') WHEN coalesce(ora_num((1)), x'00dec0de00') THEN ('x') ELSE ('y') END) from t",
    );
    expect(tr('select bitand(flag,1), nvl(a,0) from t')).toBe(
      'select ((flag) & (1)), ifnull(a, 0) from t',
    );
  });
  it("makes USERENV('Instance') the literal 1", () => {
    expect(tr("select 1 from t where inst_id = USERENV('Instance')")).toBe(
      'select 1 from t where inst_id = 1',
    );
  });
  it('nests', () => {
    expect(tr('select decode(bitand(f,1),0,1,2) from t')).toContain(
      "CASE coalesce(ora_num((((f) & (1)))), x'00dec0de00') WHEN coalesce(ora_num((0)), x'00dec0de00')",
    );
  });
  it('replaces a view: DROP first', () => {
    const t = translate('create or replace view sys.z$x (a) as select 1 a from dual', 0);
    expect(t.before).toEqual(['DROP VIEW IF EXISTS z$x']);
    expect(t.sql).toBe('CREATE VIEW z$x (a) as select 1 a from dual');
  });
  it('refuses DECODE with too few arguments, where it is', () => {
    expect(() => translate('select\n decode(a, 1) from t', 0)).toThrow(TranslateError);
  });
  it('maps an offset of the SQLite text back to the script', () => {
    const t = translate('select  x.buf#  from t', 100);
    expect(t.source(t.sql.indexOf('"buf#"'))).toBe(100 + 'select  x.'.length);
  });
});

describe('SQL*Plus scripts', () => {
  it('substitutes &&name and &name, a trailing dot ending the name', () => {
    expect(variables('substr(x,1,&&size) &&size &other.')).toEqual(['size', 'other']);
    expect(substitute('substr(x,1,&&size) &v.x', { size: '20', v: 'a' })).toBe('substr(x,1,20) ax');
  });
  it('splits on ; and /, skipping rem and set lines, keeping offsets', () => {
    const text =
      "rem hello\nselect 1 from dual;\nset timing on\nselect ';' from dual\n/\ndefine size = 30\nselect 2 from dual";
    const s = splitScript(text);
    expect(s.statements.map((x) => x.text.trim())).toEqual([
      'select 1 from dual',
      "select ';' from dual",
      'select 2 from dual',
    ]);
    for (const st of s.statements)
      expect(text.slice(st.start, st.start + st.text.length)).toBe(st.text);
    expect(s.skipped).toEqual(['rem hello', 'set timing on']);
    expect(s.defines).toEqual({ size: '30' });
  });
});

describe('TO_CHAR of a number', () => {
  it('follows the format', () => {
    expect(toCharNumber(1234.5, '999,999.99')).toBe('   1,234.50');
    expect(toCharNumber(7, 'FM000')).toBe('007');
    expect(toCharNumber(12345, '999')).toBe('####');
  });
});
