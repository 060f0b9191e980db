import { describe, expect, it } from 'vitest';
import { pickRoundColour, roundPalette } from './round-colours';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('pickRoundColour', () => {
  it('gives rounds next to each other different colours and wraps around the palette', () => {
    const firstTen = Array.from({ length: roundPalette.length }, (_, index) => pickRoundColour(index));
    expect(new Set(firstTen).size).toBe(roundPalette.length);
    expect(pickRoundColour(roundPalette.length)).toBe(pickRoundColour(0));
    expect(pickRoundColour(-1)).toBe(pickRoundColour(roundPalette.length - 1));
  });

  it.each(roundPalette)('%s carries white numbers legibly (contrast >= 4.5)', (colour) => {
    expect((1 + 0.05) / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
