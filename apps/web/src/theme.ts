import {
  createTheme,
  darken,
  getPrimaryShade,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { appMessages } from './i18n/app';

/** Shades around the brand colour #19244f (index 7, the primary shade). */
const brand: MantineColorsTuple = [
  '#eef0f8',
  '#d9ddee',
  '#b0b8dc',
  '#8592ca',
  '#6171bb',
  '#4a5db2',
  '#3a4d9a',
  '#19244f',
  '#141d40',
  '#0e1530',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, secondary: brand },
  fontFamily: 'Inter, "Segoe UI", Roboto, system-ui, -apple-system, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, system-ui, -apple-system, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  // Who asks the system for less motion gets menus, dialogs and drawers that appear without a transition.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    // An open menu puts focus on its first item, as the WAI-ARIA menu pattern has it, rather than on a hidden
    // placeholder: a menu may hold only its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Dialogs' close buttons are icons too: every modal and drawer names its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': appMessages.common.close } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': appMessages.common.close } } },
    Notification: {
      // A toast's close button is an icon: it needs a name. Its description is gray 6 in Mantine (3.3:1).
      defaultProps: { closeButtonProps: { 'aria-label': appMessages.common.close } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * The colour of an item that removes or ends something (a menu's "Excluir"). Mantine paints a menu item of a theme
 * colour in its shade 6 (red 6 on white is 3.3:1); this is red's text shade, which reads at 4.5:1.
 */
export const dangerColor = 'var(--mantine-color-red-text)';

/** WCAG 2 contrast ratio between two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Normal text needs 4.5:1 (WCAG 2 AA), what axe-core checks in the end-to-end tests. */
const READABLE = 4.5;

/** The lightest shade from `from` on that reads at 4.5:1 on `background`; past shade 9, shade 9 darkened. */
function readableShade(shades: MantineColorsTuple, from: number, background: string): string {
  const found = shades.slice(from).find((shade) => contrast(shade, background) >= READABLE);
  if (found) return found;
  let darker = shades[9];
  for (let step = 0.05; contrast(darker, background) < READABLE; step += 0.05) darker = darken(shades[9], step);
  return darker;
}

/**
 * Mantine's light scheme paints some text below 4.5:1: dimmed text (gray 6 on white is 3.3:1), field errors (red 6),
 * and coloured text, badges and buttons in the lighter hues (teal, green, yellow, orange). Each of these is moved to
 * the nearest shade that reads at 4.5:1 on the background it is drawn on.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  // Text is also drawn on striped and hovered rows (gray 1), the darkest of the app's light backgrounds.
  const page = current.colors.gray[1];
  const light: Record<string, string> = {
    // 5.2:1 on gray 1, 5.8:1 on white; still lighter than the text around it.
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#5f666d',
    '--mantine-color-error': readableShade(current.colors.red, 6, page),
  };
  const filledShade = getPrimaryShade(current, 'light');
  for (const [name, shades] of Object.entries(current.colors)) {
    const text = readableShade(shades, filledShade, page);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    // White text on the filled colour.
    const filled = readableShade(shades, filledShade, current.white);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    // Light and subtle buttons and badges: their text on their background, and on its hover (about shade 2).
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, shades[2]);
  }
  return { variables: {}, light, dark: {} };
};
