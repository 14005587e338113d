/** What a key press needs to be read as a shortcut: its key and modifiers, and where it was typed. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether the key press was typed into something that takes text: there a "/" is a slash, not a shortcut. */
function typingIn(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * "/" moves to the list's search, as on many sites, unless the person is typing in a field. The key itself is read
 * (not its physical position), so it works on a Brazilian ABNT2 keyboard as on any other.
 */
export function isSearchShortcut(press: KeyPress): boolean {
  return press.key === '/' && !press.ctrlKey && !press.metaKey && !press.altKey && !typingIn(press.target);
}
