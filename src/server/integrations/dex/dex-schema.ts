import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Data Exchange bulk upload schema as published with the DEX bulk upload technical specifications. */
export const publishedDexSchemaPath = fileURLToPath(new URL('./DEXFileUpload.xsd', import.meta.url));

/*
 * The published schema writes its postcode pattern as '^[\d]{4}$'. XML Schema patterns are anchored already and
 * know no '^' or '$' anchors: a conforming checker (xmllint) reads them as literal characters, so no four-digit
 * postcode would ever pass. The product checks against the schema with that one pattern read as it is meant
 * (four digits); everything else stays as published.
 */
const publishedPostcodePattern = '<xs:pattern value="^[\\d]{4}$" />';
const meantPostcodePattern = '<xs:pattern value="[\\d]{4}" />';

export function correctDexSchema(xsd: string): string {
  return xsd.replace(publishedPostcodePattern, meantPostcodePattern);
}

let checkedSchemaPath: Promise<string> | null = null;

/**
 * The path of the schema the DEX files are checked against (the published one, corrected), written once per
 * process into the temporary folder under a name of its content, so servers sharing the folder agree.
 */
export function getCheckedDexSchemaPath(): Promise<string> {
  checkedSchemaPath ??= (async () => {
    const xsd = correctDexSchema(await readFile(publishedDexSchemaPath, 'utf8'));
    const name = `mealrounds-dex-${createHash('sha256').update(xsd).digest('hex').slice(0, 16)}.xsd`;
    const path = join(tmpdir(), name);
    const partial = `${path}.${String(process.pid)}.partial`;
    await writeFile(partial, xsd);
    await rename(partial, path);
    return path;
  })();
  return checkedSchemaPath;
}
