import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shade 9 of the primary colour keeps white text on buttons and badges, and coloured text on light
 * backgrounds, above the WCAG AA contrast ratio of 4.5:1 (shade 6, Mantine's default, is about 2.5:1 for teal).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // A user whose system asks for less motion gets modals, menus and notices without their transitions.
  respectReducedMotion: true,
  components: {
    // Every dialog alike: in the middle of the window, its close button named for screen readers. A dialog sets
    // only what is its own (title, size). A plain object, not Modal.extend: importing Modal here would put it in
    // every page's first load.
    Modal: { defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Mantine's default dimmed (gray 6) and error (red 6) text colours fail AA contrast on white; use darker shades.
 * With shade 9 as the primary, Mantine's hover goes one shade lighter (8), under AA with white text: go darker.
 */
const filledHoverTeal = '#05614a';

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7] ?? '#495057',
    '--mantine-color-error': resolved.colors.red[9] ?? '#c92a2a',
    '--mantine-color-anchor': resolved.colors.teal[9] ?? '#087f5b',
    '--mantine-primary-color-filled-hover': filledHoverTeal,
    '--mantine-color-teal-filled-hover': filledHoverTeal,
  },
  dark: {},
});
