import { describe, expect, it } from 'vitest';
import { isMealSuitable } from './meal-suitability';

describe('isMealSuitable', () => {
  it.each([
    [[], [], true], // a client without labels: every meal suits
    [[], ['Vegetarian'], true],
    [['Vegetarian'], ['Vegetarian'], true],
    [['Vegetarian'], ['Vegetarian', 'Gluten Free'], true], // extra labels on the meal do not matter
    [['Vegetarian', 'Gluten Free'], ['Gluten Free', 'Vegetarian'], true], // order does not matter
    [['Vegetarian'], [], false], // a labelled client and a meal without labels
    [['Vegetarian'], ['Gluten Free'], false],
    [['Vegetarian', 'Gluten Free'], ['Vegetarian'], false], // every client label must be on the meal
    [['Vegetarian'], ['vegetarian'], false], // names are compared as stored
    [['Vegetarian', 'Vegetarian'], ['Vegetarian'], true], // a repeated client label is still one label
  ])('client %j, meal %j: suitable %s', (clientLabels, mealLabels, expected) => {
    expect(isMealSuitable(clientLabels, mealLabels)).toBe(expected);
  });
});
