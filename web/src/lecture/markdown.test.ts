import { describe, expect, it } from 'vitest';
import type { Filled } from './fill';
import { parseMarkdown, plainOf } from './markdown';

const fig = (text: string): Filled => ({
  placeholder: { source: 'x', path: [{ key: 'x' }] },
  value: 1,
  text,
});

describe('slide Markdown', () => {
  it('reads paragraphs, lists, strong, emphasis, code and links, figures kept whole', () => {
    const blocks = parseMarkdown([
      'One **bold** *em* `code` ',
      fig('1,234'),
      ' [a link](https://example.org).\n\n- first\n- second ',
      fig('*not em*'),
      '\n\n1. one\n2. two\n\n[bad](javascript:alert(1))',
    ]);
    expect(blocks.map((b) => b.t)).toEqual(['p', 'ul', 'ol', 'p']);
    const p = blocks[0];
    if (p.t !== 'p') throw new Error('not a paragraph');
    expect(p.children.map((n) => n.t)).toEqual([
      'text',
      'strong',
      'text',
      'em',
      'text',
      'code',
      'text',
      'figure',
      'text',
      'link',
      'text',
    ]);
    expect(plainOf(p.children)).toBe('One bold em code 1,234 a link.');
    const ul = blocks[1];
    if (ul.t !== 'ul') throw new Error('not a list');
    expect(ul.items.map(plainOf)).toEqual(['first', 'second *not em*']);
    const bad = blocks[3];
    if (bad.t !== 'p' || bad.children[0].t !== 'link') throw new Error('not a link');
    expect(bad.children[0].href).toBe('#');
  });
});
