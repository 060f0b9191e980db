/**
 * A meal suits a client when the client has no dietary labels, or every one of the client's labels is on the meal.
 * Label names are compared as stored: the same name is the same label.
 */
export function isMealSuitable(clientLabels: readonly string[], mealLabels: readonly string[]): boolean {
  const onMeal = new Set(mealLabels);
  return clientLabels.every((label) => onMeal.has(label));
}
