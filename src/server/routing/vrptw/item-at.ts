/** An element that exists by construction (a vehicle's route, a visit's record): fails loudly if it does not. */
export function itemAt<T>(list: readonly (T | undefined)[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`No item at ${index}.`);
  return item;
}
