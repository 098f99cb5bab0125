import { describe, expect, it } from 'vitest';
import { historyKey } from './HistoryButtons';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) =>
  historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('undo and redo keys', () => {
  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, ⌘ too', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z', { metaKey: true })).toBe('undo');
  });
  it('leaves other keys alone', () => {
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
