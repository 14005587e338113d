import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
  },
});
