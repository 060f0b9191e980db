import { describe, expect, it } from 'vitest';
import { buildCategorySelection, listPackingCategories, readStoredSelection } from './packing-selection';

const categories = [
  { key: 'soup', name: 'Soup' },
  { key: 'main', name: 'Main' },
];

describe('packing list category selection', () => {
  it("lists the account's categories then 'Other' for meals without one", () => {
    expect(listPackingCategories(categories)).toEqual([...categories, { key: '', name: 'Other' }]);
  });

  it('ticks every category never saved, and keeps the saved ticks', () => {
    const choices = listPackingCategories(categories);
    expect(buildCategorySelection(choices, {})).toEqual({ soup: true, main: true, '': true });
    expect(buildCategorySelection(choices, { main: false, gone: false })).toEqual({
      soup: true,
      main: false,
      '': true,
    });
  });

  it('reads an unreadable stored selection as nothing saved', () => {
    expect(readStoredSelection(undefined)).toEqual({});
    expect(readStoredSelection({ soup: 'yes' })).toEqual({});
    expect(readStoredSelection({ soup: false })).toEqual({ soup: false });
  });
});
