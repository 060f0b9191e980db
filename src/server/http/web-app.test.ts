import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandlers } from './error-handler';
import {
  pendingWebBuildFile,
  readPendingWebBuild,
  registerWebApp,
  renderWebBuildPage,
  writePendingWebBuild,
  type PendingWebBuild,
} from './web-app';

/** The web folder of a test, and the servers it started. */
const folders: string[] = [];
const servers: FastifyInstance[] = [];
const now = new Date('2026-11-27T10:00:05Z');
const startedAt = Date.parse('2026-11-27T10:00:00Z');

function createWebRoot(files: Record<string, string>): string {
  const root = join(mkdtempSync(join(tmpdir(), 'mealrounds-web-')), 'web');
  folders.push(root);
  mkdirSync(join(root, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

function markBuilding(root: string, build: Partial<PendingWebBuild> = {}): void {
  writePendingWebBuild(root, {
    pid: process.pid,
    startedAt,
    expectedSeconds: 20,
    isAppWritten: false,
    ...build,
  });
}

async function startServer(webRoot: string | null): Promise<FastifyInstance> {
  const server = Fastify();
  servers.push(server);
  installErrorHandlers(server, await registerWebApp(server, webRoot, () => now));
  await server.ready();
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const folder of folders.splice(0)) rmSync(join(folder, '..'), { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers pages with index.html and serves its files', async () => {
    const server = await startServer(createWebRoot({ 'index.html': '<p>app</p>', 'assets/a.js': 'a()' }));
    const page = await server.inject({ method: 'GET', url: '/clients' });
    expect([page.statusCode, page.body]).toEqual([200, '<p>app</p>']);
    expect((await server.inject({ method: 'GET', url: '/assets/a.js' })).body).toBe('a()');
    expect((await server.inject({ method: 'GET', url: '/api/nothing' })).json()).toMatchObject({
      meta: { error_code: 5 },
    });
  });

  it('leaves a server without a web folder or a build to the API', async () => {
    for (const server of [await startServer(null), await startServer(createWebRoot({}))]) {
      const page = await server.inject({ method: 'GET', url: '/clients' });
      expect([page.statusCode, page.json()]).toMatchObject([404, { meta: { error_code: 5 } }]);
    }
  });
});

describe('while npm start builds the web app', () => {
  it('answers every page and file with the building page, then the app once the build is complete', async () => {
    const root = createWebRoot({ 'assets/half.js': 'half' });
    markBuilding(root);
    const server = await startServer(root);

    for (const url of ['/', '/clients', '/assets/half.js']) {
      const answer = await server.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('3');
      expect(answer.body).toContain('Building the app, this takes about 20 seconds (5 so far)...');
    }
    expect((await server.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);

    // The app's files are written: pages open it while the driver page's service worker is still being made.
    writeFileSync(join(root, 'index.html'), '<p>app</p>');
    writeFileSync(join(root, 'assets', 'new.js'), 'b()');
    markBuilding(root, { isAppWritten: true });
    const page = await server.inject({ method: 'GET', url: '/' });
    expect([page.statusCode, page.body]).toEqual([200, '<p>app</p>']);
    expect((await server.inject({ method: 'GET', url: '/rounds' })).body).toBe('<p>app</p>');
    expect((await server.inject({ method: 'GET', url: '/assets/new.js' })).body).toBe('b()');

    // The build complete, a file written last is served too.
    writeFileSync(join(root, 'driver-sw.js'), 'sw()');
    rmSync(pendingWebBuildFile(root));
    expect((await server.inject({ method: 'GET', url: '/driver-sw.js' })).body).toBe('sw()');
    expect((await server.inject({ method: 'GET', url: '/clients' })).body).toBe('<p>app</p>');
  });

  it('ignores a mark left by a build that no longer runs, or one it cannot read', () => {
    const root = createWebRoot({});
    const finished = spawnSync(process.execPath, ['--version']).pid;
    markBuilding(root, { pid: finished });
    expect(readPendingWebBuild(root)).toBeNull();
    writeFileSync(pendingWebBuildFile(root), '{"pid":');
    expect(readPendingWebBuild(root)).toBeNull();
    markBuilding(root);
    expect(readPendingWebBuild(root)).toEqual({
      pid: process.pid,
      startedAt,
      expectedSeconds: 20,
      isAppWritten: false,
    });
  });

  it('says how long the build takes and how long it has run, and reloads itself', () => {
    const build = { pid: 1, startedAt, expectedSeconds: 30, isAppWritten: false };
    const page = renderWebBuildPage(build, startedAt + 12_400);
    expect(page).toContain('<meta http-equiv="refresh" content="3" />');
    expect(page).toContain('Building the app, this takes about 30 seconds (12 so far)...');
  });
});
