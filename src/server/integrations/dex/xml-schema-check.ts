import { spawn } from 'node:child_process';

/** A file's check against an XML schema: valid, invalid (with the checker's messages), or no checker installed. */
export type SchemaCheck =
  { kind: 'valid' } | { kind: 'invalid'; messages: string[] } | { kind: 'unavailable' };

/** Checks an XML document against a schema; the service receives it, so tests may give another. */
export type CheckXmlSchema = (xml: string, schemaPath: string) => Promise<SchemaCheck>;

/** How long a check may take: a month's file of a large service is a few megabytes. */
const checkTimeoutMs = 60_000;

/**
 * `xmllint --noout --schema` (Debian package libxml2-utils) reading the document from stdin: exit 0 is valid, any
 * other exit invalid with its messages; a missing program is 'unavailable', never taken for valid.
 */
export function createXmllintCheck(program = 'xmllint'): CheckXmlSchema {
  return (xml, schemaPath) =>
    new Promise((resolve) => {
      const child = spawn(program, ['--noout', '--schema', schemaPath, '-'], { timeout: checkTimeoutMs });
      let errors = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        if (errors.length < 20_000) errors += chunk;
      });
      child.on('error', (error: NodeJS.ErrnoException) =>
        resolve(
          error.code === 'ENOENT' ? { kind: 'unavailable' } : { kind: 'invalid', messages: [error.message] },
        ),
      );
      // After a spawn error 'close' may follow: the first answer stands.
      child.on('close', (code, signal) => {
        if (code === 0) return resolve({ kind: 'valid' });
        const messages = errors.split('\n').filter((line) => line.trim() !== '');
        resolve({
          kind: 'invalid',
          messages: messages.length > 0 ? messages : [`xmllint stopped (${String(signal)}).`],
        });
      });
      // A checker that died early closes stdin; its exit is what counts.
      child.stdin.on('error', () => undefined);
      child.stdin.end(xml, 'utf8');
    });
}
