/**
 * Each round's colour on the maps (the rounds screen's route, the day planner's routes): picked by the round's
 * place in the account's list, so rounds side by side on one map never share a colour until the palette runs out.
 * Dark enough for white stop numbers on top (contrast at least 4.5:1).
 */
export const roundPalette = [
  '#1864ab',
  '#b03d00',
  '#276b34',
  '#c2255c',
  '#6741d9',
  '#0b7285',
  '#a61e4d',
  '#5f3dc4',
  '#364fc7',
  '#862e9c',
] as const;

export function pickRoundColour(roundIndex: number): string {
  const size = roundPalette.length;
  return roundPalette[((roundIndex % size) + size) % size] ?? roundPalette[0];
}
