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
