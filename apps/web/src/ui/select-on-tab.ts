/**
 * A browser selects the text of an input that Tab lands on, so typing replaces it. Mantine's focus trap (every drawer
 * and dialog) moves the focus itself on each Tab, which leaves the caret at the end instead: a date typed over the
 * issue date would be added to it. This gives the selection back to inputs reached with Tab or Shift+Tab.
 */
export function selectTextOnTab(root: Document): void {
  let tabbing = false;
  root.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return;
      tabbing = true;
      // The focus moves while the key is handled (by the trap or by the browser), before this runs.
      setTimeout(() => {
        tabbing = false;
      });
    },
    true,
  );
  root.addEventListener('focusin', (event) => {
    if (tabbing && event.target instanceof HTMLInputElement) event.target.select();
  });
}
