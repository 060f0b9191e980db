import { types } from '@electric-sql/pglite';

/**
 * PGlite's own bytea text conversions go one byte at a time through JavaScript strings (a hex pair per byte, then
 * a join; parseInt per pair back), which took about 200 ms each way for a 5,000-client report's PDF stored in
 * print_files. Node's Buffer does the same hex text natively, and the bytes are the same.
 */
export const pgliteByteaSerializers = {
  [types.BYTEA]: (value: Uint8Array): string =>
    `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
};

export const pgliteByteaParsers = {
  [types.BYTEA]: (value: string): Buffer => Buffer.from(value.slice(2), 'hex'),
};
