import { describe, expect, it } from 'vitest';
import { buildImportCsv, listMappedColumns, matchColumns, pickCells } from './client-import-model';

describe('client import model', () => {
  const rows = [
    ['Name', 'Client ID', 'Days', 'Notes'],
    ['Mary Jones', 'C-1', 'MTW-F--', 'Side door, ring twice'],
    ['', '', '', ''],
    ['Bo Ng', 'C-2', '-----SS', '+ gate code'],
  ];

  it('matches columns by header name and leaves the others unmatched', () => {
    const mapping = matchColumns(rows[0] ?? []);
    expect(mapping.name).toBe(0);
    expect(mapping.external_id).toBeNull();
    expect(listMappedColumns(mapping)).toEqual(['name']);
  });

  it('builds the file the import takes from the chosen columns, rows kept in place', () => {
    const mapping = { ...matchColumns(rows[0] ?? []), external_id: 1, plan: 2, delivery_instructions: 3 };
    expect(listMappedColumns(mapping)).toEqual(['external_id', 'name', 'plan', 'delivery_instructions']);
    expect(pickCells(rows[1] ?? [], mapping)).toEqual([
      'C-1',
      'Mary Jones',
      'MTW-F--',
      'Side door, ring twice',
    ]);
    expect(buildImportCsv(rows, mapping)).toBe(
      'external_id,name,plan,delivery_instructions\r\n' +
        'C-1,Mary Jones,MTW-F--,"Side door, ring twice"\r\n' +
        ',,,\r\n' +
        "C-2,Bo Ng,'-----SS,'+ gate code\r\n",
    );
  });
});
