import { beforeAll, describe, expect, it } from 'vitest';
import { parameterDocs } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
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
      { line: 1, message: 'db_block_buffers: 1,000,000,000,000 is above the maximum 1,048,576' },
      { line: 2, message: 'expected "name = value", got "no equals sign here"' },
      { line: 3, message: '_db_percent_hot_default: 101 is above the maximum 100' },
      { line: 4, message: 'db_block_bufers is not an init.ora parameter the model knows' },
      { line: 5, message: 'cursor_sharing is one of EXACT, FORCE' },
    ]);
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
