import { describe, expect, it } from 'vitest';
import { ClientsFileError, readClientsFile } from './client-import-file';

describe('readClientsFile', () => {
  it('reads a UTF-8 CSV (quoted commas and line breaks kept, byte order mark dropped)', async () => {
    const text = '\uFEFFexternal_id,name,delivery_instructions\r\nC-1,Renée,"Side door,\nring twice"\r\n';
    const rows = await readClientsFile(new File([text], 'clients.csv', { type: 'text/csv' }));
    expect(rows).toEqual([
      ['external_id', 'name', 'delivery_instructions'],
      ['C-1', 'Renée', 'Side door,\nring twice'],
    ]);
  });

  it.each([
    ['latin1.csv', new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x52, 0xe9]), 'not UTF-8'],
    ['broken.csv', 'external_id,name\r\nC-1,"Mary\r\n', 'not valid CSV'],
    ['header-only.csv', 'external_id,name\r\n', 'no rows under its header'],
    ['clients.xlsx', 'not a zip', 'cannot be read as an Excel workbook'],
  ] as const)('refuses %s saying why', async (name, content, reason) => {
    const failure = await readClientsFile(new File([content], name)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientsFileError);
    expect((failure as Error).message).toContain(reason);
  });
});
