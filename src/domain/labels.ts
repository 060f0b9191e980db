/** Where a label is shown: the clients list and client screen, or meal cards, the menu and the meals screen. */
export type LabelColourContext = 'clients' | 'meals';

const fallbackColour: Record<LabelColourContext, string> = { clients: '#cccccc', meals: '#dddddd' };

/** The label's colour when it is a valid #rrggbb (or #rgb) hex colour, else the fallback of the context. */
export function labelColour(colour: string | null | undefined, context: LabelColourContext): string {
  if (typeof colour === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(colour.trim())) {
    return colour.trim().toLowerCase();
  }
  return fallbackColour[context];
}

function relativeLuminance(hex: string): number {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const channels = [1, 3, 5].map((start) => parseInt(full.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Black or white, whichever has the higher WCAG contrast on a label colour (#rrggbb or #rgb), for tag text. */
export function readableTextColour(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(background);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}
