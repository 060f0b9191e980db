import { describe, expect, it } from 'vitest';
import { fitWithin, getDataUrlBytes } from './compress-photo';

describe('photo size', () => {
  it('scales the longest side down to the limit, keeping the shape, and never enlarges', () => {
    expect(fitWithin(4032, 3024, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3024, 4032, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(800, 600, 1280)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 1, 1280)).toEqual({ width: 1280, height: 1 });
  });

  it('counts the bytes a data URL decodes to', () => {
    expect(getDataUrlBytes(`data:image/jpeg;base64,${btoa('abc')}`)).toBe(3);
    expect(getDataUrlBytes(`data:image/jpeg;base64,${btoa('abcd')}`)).toBe(4);
    expect(getDataUrlBytes(`data:image/jpeg;base64,${btoa('abcde')}`)).toBe(5);
  });
});
