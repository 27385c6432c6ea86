import { describe, expect, it } from 'vitest';
import { splitKeywords } from '../../../src/pipeline/keywords.js';

describe('pipeline/keywords', () => {
  it.each([
    [undefined, []],
    ['', []],
    [' , ,', []],
    ['zahradní sekačka, sekačky na trávu', ['zahradní sekačka', 'sekačky na trávu']],
    ['  Sekačka  ,sekačka, SEKAČKA ,trávník\n  hnojivo ', ['Sekačka', 'trávník hnojivo']],
  ])('splits %j into %j', (input, expected) => {
    // Act + Assert
    expect(splitKeywords(input)).toEqual(expected);
  });
});
