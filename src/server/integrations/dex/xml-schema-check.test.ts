import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { correctDexSchema, getCheckedDexSchemaPath, publishedDexSchemaPath } from './dex-schema';
import { createXmllintCheck } from './xml-schema-check';

const check = createXmllintCheck();

/** A file of one Outlet: the smallest that carries a postcode. */
function outletFile(postcode: string) {
  return `<?xml version="1.0" encoding="utf-8"?>
<DEXFileUpload><Outlets><Outlet><Name>Kitchen</Name><ResidentialAddress><Suburb>Perth</Suburb><StateCode>WA</StateCode><Postcode>${postcode}</Postcode></ResidentialAddress></Outlet></Outlets></DEXFileUpload>`;
}

describe('the DEX schema check (xmllint)', () => {
  it('passes a valid file and fails an invalid one with xmllint’s messages', async () => {
    const schema = await getCheckedDexSchemaPath();
    expect(await check(outletFile('6000'), schema)).toEqual({ kind: 'valid' });
    const invalid = await check(outletFile('600'), schema);
    expect(invalid.kind).toBe('invalid');
    expect(invalid.kind === 'invalid' && invalid.messages.join(' ')).toContain("Element 'Postcode'");
    const broken = await check('<DEXFileUpload><Clients>', schema);
    expect(broken.kind).toBe('invalid');
  });

  it('is unavailable, never valid, without the program', async () => {
    const missing = createXmllintCheck('/nonexistent/xmllint');
    expect(await missing(outletFile('6000'), await getCheckedDexSchemaPath())).toEqual({
      kind: 'unavailable',
    });
  });

  it('reads the published postcode pattern as four digits: as published, no postcode passes', async () => {
    const published = await readFile(publishedDexSchemaPath, 'utf8');
    expect((await check(outletFile('6000'), publishedDexSchemaPath)).kind).toBe('invalid');
    const corrected = correctDexSchema(published);
    expect(corrected).not.toBe(published);
    // Only that one pattern differs.
    expect(corrected.replace('value="[\\d]{4}"', 'value="^[\\d]{4}$"')).toBe(published);
  });
});
