import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp | null = null;

afterEach(async () => {
  await app?.server.close();
  app = null;
});

/** The app's log lines (pino's JSON) at `level` and above, for a configuration given as environment. */
async function logRequest(env: Record<string, string>, level: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  app = await createTestApp(env, { logger: { level, stream } });
  await app.call('GET', '/api/config');
  await app.call('GET', '/api/no-such-thing');
  return lines.map((line) => line.msg);
}

describe('request log lines', () => {
  it('stay out of an info log on the embedded default, so the start-up lines stay readable', async () => {
    const messages = await logRequest({}, 'info');
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
  });

  it('are there at debug on the embedded default', async () => {
    const messages = await logRequest({}, 'debug');
    expect(messages.filter((message) => message === 'incoming request')).toHaveLength(2);
    expect(messages.filter((message) => message === 'request completed')).toHaveLength(2);
  });

  it('are there at info with PostgreSQL (a deployment)', async () => {
    const messages = await logRequest({ DATABASE_URL: 'postgres://db.test/meals' }, 'info');
    expect(messages.filter((message) => message === 'incoming request')).toHaveLength(2);
    expect(messages.filter((message) => message === 'request completed')).toHaveLength(2);
  });
});
