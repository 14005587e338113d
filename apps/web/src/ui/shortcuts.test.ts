import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './shortcuts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...modifiers,
});

describe('the "/" shortcut to the list search', () => {
  it('is "/" alone, outside a field', () => {
    expect(isSearchShortcut(press('/'))).toBe(true);
  });

  it('is not another key, nor "/" with Ctrl, Cmd or Alt (the browser and the system keep those)', () => {
    expect(isSearchShortcut(press('?'))).toBe(false);
    expect(isSearchShortcut(press('/', { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(press('/', { metaKey: true }))).toBe(false);
    expect(isSearchShortcut(press('/', { altKey: true }))).toBe(false);
  });
});
