import { beforeAll, describe, expect, it } from 'vitest';
import { parameterDocs } from '../../sim/engine';
import { loadEngineNode } from '../../sim/node';
import { checkInitText } from './initCheck';

beforeAll(() => loadEngineNode());

describe('raw init.ora text', () => {
  it('reports every error with its line, not only the first', () => {
    const text = [
      'db_block_buffers = 1e12',
      'no equals sign here',
      '_db_percent_hot_default = 101',
      'db_block_bufers = 1000',
      'cursor_sharing = SIMILAR',
      '_db_aging_hot_criteria = 2',
    ].join('\n');
    expect(checkInitText(text, parameterDocs()).errors).toEqual([
      { line: 1, message: 'db_block_buffers takes a whole number in digits, not “1e12”' },
      { line: 2, message: 'expected "name = value", got "no equals sign here"' },
      { line: 3, message: '_db_percent_hot_default: 101 is above the maximum 100' },
      {
        line: 4,
        message: 'db_block_bufers is not an init.ora parameter: did you mean db_block_buffers?',
      },
      { line: 5, message: 'cursor_sharing is one of EXACT, FORCE' },
    ]);
  });

  it("reads a real instance's pfile: spfile prefixes, parameters the model does not simulate skipped", () => {
    const text = [
      "*.db_name = 'ORCL'",
      '*.db_block_buffers = 2000',
      'orcl._db_percent_hot_default = 25',
      '*.processes = 150',
      "*.control_files = '/u01/ctl1.ctl','/u02/ctl2.ctl'",
    ].join('\n');
    const r = checkInitText(text, parameterDocs());
    expect(r.errors).toEqual([]);
    expect(r.init).toEqual({ db_block_buffers: 2000, _db_percent_hot_default: 25 });
    expect(r.skipped.map((e) => [e.line, e.message])).toEqual([
      [1, 'db_name'],
      [4, 'processes'],
      [5, 'control_files'],
    ]);
  });

  it('cuts a long garbage line short in its message', () => {
    const { errors } = checkInitText('x'.repeat(3000), parameterDocs());
    expect(errors[0].message.length).toBeLessThan(100);
  });

  it('accepts valid text', () => {
    const r = checkInitText(
      'db_block_buffers = 2000\n_db_percent_hot_default = 0\n',
      parameterDocs(),
    );
    expect(r.errors).toEqual([]);
    expect(r.init).toEqual({ db_block_buffers: 2000, _db_percent_hot_default: 0 });
  });
});
