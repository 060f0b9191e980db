/*
 * The allergen clash rule (issue 17): a meal clashes with a client when it contains one of the client's allergies.
 * Allergens are names of the account's list; they are compared without regard to case or surrounding spaces, so a
 * hand-typed 'Egg ' in old data still counts as 'egg'. Shared by the server (which refuses a clashing choice
 * without an override) and the web (which shows the clash on the meal card).
 */

function normalise(name: string): string {
  return name.trim().toLowerCase();
}

/** The meal's allergens the client is allergic to, in the meal's order, each once; empty when there is no clash. */
export function findClashingAllergens(
  mealAllergens: readonly string[],
  clientAllergies: readonly string[],
): string[] {
  const allergies = new Set(clientAllergies.map(normalise));
  const seen = new Set<string>();
  const clashing: string[] = [];
  for (const allergen of mealAllergens) {
    const name = normalise(allergen);
    if (name === '' || !allergies.has(name) || seen.has(name)) continue;
    seen.add(name);
    clashing.push(allergen.trim());
  }
  return clashing;
}

export function isAllergenClash(
  mealAllergens: readonly string[],
  clientAllergies: readonly string[],
): boolean {
  return findClashingAllergens(mealAllergens, clientAllergies).length > 0;
}

/**
 * The clash still to act on: the meal's allergens the client is allergic to, unless the choice was given with an
 * override (a reason), which resolves it. Every list that puts the meal in someone's hands flags this on the
 * client's line until the meal is changed or overridden.
 */
export function findOpenClash(
  mealAllergens: readonly string[],
  clientAllergies: readonly string[],
  override: string | null,
): string[] {
  return override === null ? findClashingAllergens(mealAllergens, clientAllergies) : [];
}

/** How the lists flag an open clash on the client's line: 'ALLERGY: milk and egg'; empty when there is none. */
export function describeOpenClash(clashing: readonly string[]): string {
  return clashing.length === 0 ? '' : `ALLERGY: ${joinAllergenNames(clashing)}`;
}

/** 'egg', 'milk and egg', 'milk, egg and soy'. */
export function joinAllergenNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** The warning on a clashing meal card: 'Contains egg — client is allergic'. */
export function describeClash(clashing: readonly string[]): string {
  return `Contains ${joinAllergenNames(clashing)} — client is allergic`;
}

/** The line a meal label prints: 'Contains: milk, egg'; empty when the meal has no allergens. */
export function formatContains(mealAllergens: readonly string[]): string {
  const names = mealAllergens.map((name) => name.trim()).filter((name) => name !== '');
  return names.length === 0 ? '' : `Contains: ${names.join(', ')}`;
}

/** How reports flag an overridden clash: 'Allergen override (contains egg): Doctor agreed'. */
export function describeOverride(allergens: readonly string[], reason: string): string {
  const contains = allergens.length > 0 ? ` (contains ${joinAllergenNames(allergens)})` : '';
  return `Allergen override${contains}: ${reason}`;
}
