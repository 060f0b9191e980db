import { describe, expect, it } from 'vitest';
import { labelColour, readableTextColour } from './labels';

describe('labelColour', () => {
  it.each([
    ['#1a2B3c', 'clients', '#1a2b3c'],
    ['#1a2B3c', 'meals', '#1a2b3c'],
    ['#abc', 'meals', '#abc'],
    [' #00ff00 ', 'clients', '#00ff00'],
    ['', 'clients', '#cccccc'],
    ['', 'meals', '#dddddd'],
    [null, 'clients', '#cccccc'],
    [undefined, 'meals', '#dddddd'],
    ['red', 'clients', '#cccccc'],
    ['#12345', 'meals', '#dddddd'],
    ['#gggggg', 'meals', '#dddddd'],
    ['123456', 'clients', '#cccccc'],
    ['#1234567', 'clients', '#cccccc'],
    ['url(javascript:x)', 'meals', '#dddddd'],
  ] as const)('%s on %s is %s', (colour, context, expected) => {
    expect(labelColour(colour, context)).toBe(expected);
  });
});

describe('readable text on a label colour', () => {
  it.each([
    ['#dddddd', '#000000'],
    ['#cccccc', '#000000'],
    ['#ffff00', '#000000'],
    ['#123456', '#ffffff'],
    ['#000', '#ffffff'],
    ['#087f5b', '#ffffff'],
  ])('%s takes %s', (background, text) => {
    expect(readableTextColour(background)).toBe(text);
  });
});
