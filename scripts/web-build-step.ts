/**
 * What `npm start` decides and says about the web app's build (scripts/start.ts runs it, scripts/build-web.ts
 * builds): pure, so the texts and the decision are tested without building.
 */

/** The stamp beside the last build: its sources' hash ('' when none) and whether that build is there. */
export type WebBuildStamp = { hash: string; hasBuild: boolean };

/** A first start's guess at the build's length, before one has been timed on this machine. */
export const defaultBuildSeconds = 20;

/** A build is needed when there is none, when its sources changed, or when WEB_BUILD=always forces one. */
export function isWebBuildNeeded(currentHash: string, stamp: WebBuildStamp, isForced: boolean): boolean {
  return isForced || !stamp.hasBuild || stamp.hash.trim() !== currentHash;
}

/** The last build's length in whole seconds, as kept beside it; null when unknown or unreadable. */
export function readBuildSeconds(text: string): number | null {
  const seconds = Number(text.trim());
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

export function describeUpToDate(outDir: string): string {
  return `The web app in ${outDir} is up to date with its sources: not rebuilding.`;
}

export function describeBuildStart(expectedSeconds: number): string {
  return (
    `Building the web app (about ${String(expectedSeconds)} seconds). The server starts meanwhile: ` +
    'its pages say "Building the app" and open the app when it is ready.'
  );
}

/** The build's phases, as its progress lines name them. */
export type BuildPhase = 'compiling' | 'bundling' | 'offline files';

export function describeProgress(phase: BuildPhase, modules: number, seconds: number): string {
  const elapsed = `${String(seconds)} s`;
  switch (phase) {
    case 'compiling':
      return `  web build: compiling the sources, ${String(modules)} modules so far (${elapsed})`;
    case 'bundling':
      return `  web build: ${String(modules)} modules compiled; bundling, minifying and writing (${elapsed})`;
    case 'offline files':
      return `  web build: the app is served; making the driver page's offline files (${elapsed})`;
  }
}

export function describeBuildDone(outDir: string, seconds: number): string {
  return `Built the web app into ${outDir} in ${String(seconds)} s.`;
}

export function describeBuildFailure(exitCode: number | null): string {
  return `The web app did not build (exit code ${String(exitCode)}, see above): stopping MealRounds.`;
}
