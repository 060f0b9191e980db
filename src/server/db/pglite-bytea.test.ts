import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteByteaParsers, pgliteByteaSerializers } from './pglite-bytea';

describe('PGlite bytea conversions', () => {
  const fast = new PGlite({ serializers: pgliteByteaSerializers, parsers: pgliteByteaParsers });
  const stock = new PGlite();
  afterAll(async () => {
    await fast.close();
    await stock.close();
  });

  // Every byte value, a slice of a larger buffer (offset not 0) and an empty one.
  const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
  const slice = Buffer.from([9, 9, 0, 255, 16, 1, 9]).subarray(2, 6);
  const samples = [everyByte, slice, new Uint8Array(0)];

  it('stores the same bytes as PGlite’s own conversion and reads them back unchanged', async () => {
    for (const bytes of samples) {
      const stored = await fast.query<{ hex: string }>('select encode($1::bytea, $2) as hex', [bytes, 'hex']);
      const stockStored = await stock.query<{ hex: string }>('select encode($1::bytea, $2) as hex', [
        bytes,
        'hex',
      ]);
      expect(stored.rows[0]?.hex).toBe(stockStored.rows[0]?.hex);
      const read = await fast.query<{ content: Buffer }>('select $1::bytea as content', [bytes]);
      expect(Buffer.from(read.rows[0]?.content ?? [])).toEqual(Buffer.from(bytes));
    }
    expect(slice).toEqual(Buffer.from([0, 255, 16, 1]));
  });
});
