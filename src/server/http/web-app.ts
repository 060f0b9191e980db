import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isProcessAlive } from '../process-alive';

/**
 * `npm start` starts the server while the web app builds (scripts/start.ts): the build's process leaves this
 * file beside the web folder until the build is complete, and pages answer "Building the app" meanwhile.
 */
export function pendingWebBuildFile(webRoot: string): string {
  return `${resolve(webRoot)}.building`;
}

const pendingWebBuildSchema = z.object({
  pid: z.number().int().positive(),
  startedAt: z.number(),
  expectedSeconds: z.number().int().positive(),
  /** The app's files are all written; the driver page's service worker may still be in the making. */
  isAppWritten: z.boolean().default(false),
});
export type PendingWebBuild = z.infer<typeof pendingWebBuildSchema>;

export function writePendingWebBuild(webRoot: string, build: PendingWebBuild): void {
  writeFileSync(pendingWebBuildFile(webRoot), JSON.stringify(build));
}

/** The build in progress, or null: none, an unreadable file, or one left by a build that no longer runs. */
export function readPendingWebBuild(webRoot: string): PendingWebBuild | null {
  let text: string;
  try {
    text = readFileSync(pendingWebBuildFile(webRoot), 'utf8');
  } catch {
    return null;
  }
  let parsed: ReturnType<typeof pendingWebBuildSchema.safeParse>;
  try {
    parsed = pendingWebBuildSchema.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
  return parsed.success && isProcessAlive(parsed.data.pid) ? parsed.data : null;
}

/** The page every address shows while the app builds: it reloads itself every 3 seconds until the app answers. */
export function renderWebBuildPage(build: PendingWebBuild, nowMs: number): string {
  const elapsed = Math.max(0, Math.round((nowMs - build.startedAt) / 1000));
  return `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="refresh" content="3" />
    <title>Building the app | MealRounds</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
    <h1>MealRounds</h1>
    <p role="status">Building the app, this takes about ${String(build.expectedSeconds)} seconds (${String(elapsed)} so far)...</p>
    <p>This page opens the app by itself when it is ready.</p>
  </body>
</html>
`;
}

/** How a page request (any GET outside the API that matches no file) is answered, or null for an API-only server. */
export type WebPageSender = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web app from `webRoot`. A finished build's files are routed one by one; while a build is in
 * progress the folder is served as it is found at each request, and pages answer the building page (503, so
 * nothing caches it or takes the server for ready) until the app's files are all written.
 */
export async function registerWebApp(
  server: FastifyInstance,
  webRoot: string | null,
  now: () => Date,
): Promise<WebPageSender | null> {
  if (!webRoot) return null;
  const root = resolve(webRoot);
  const isBuilding = readPendingWebBuild(root) !== null;
  if (!isBuilding && !existsSync(resolve(root, 'index.html'))) return null;
  /** The build whose app is not written yet, or null once the pages may open the app. */
  const readUnwrittenBuild = () => {
    const build = readPendingWebBuild(root);
    return build && !build.isAppWritten ? build : null;
  };
  await server.register(fastifyStatic, {
    root,
    wildcard: isBuilding,
    index: ['index.html'],
    // Until the app's files are written they may be half written: every path answers the building page.
    ...(isBuilding && { allowedPath: () => readUnwrittenBuild() === null }),
  });
  return (reply) => {
    const build = readUnwrittenBuild();
    if (!build) return reply.type('text/html').sendFile('index.html');
    return reply
      .code(503)
      .header('retry-after', '3')
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(renderWebBuildPage(build, now().getTime()));
  };
}
