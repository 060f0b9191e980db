/** What `npm start`'s build step works with: the sources' hash, the last build's stamp, Vite, and the console. */
export type WebBuildStep = {
  outDir: string;
  hashInputs: () => Promise<string>;
  /** The hash stamped beside the last build ('' when none), and whether that build is there. */
  readStamp: () => Promise<{ hash: string; hasBuild: boolean }>;
  writeStamp: (hash: string) => Promise<void>;
  build: () => Promise<void>;
  log: (line: string) => void;
  /** WEB_BUILD=always builds regardless. */
  isForced: boolean;
};

/** Said before a build: a first start waits about a minute on it, with nothing else on the screen. */
export const buildingMessage = 'Building the web app (first start, about a minute)...';

/** Builds the web app when its sources changed since the last build (or when forced); else says it is up to date. */
export async function buildWebIfChanged(step: WebBuildStep): Promise<'built' | 'up to date'> {
  const current = await step.hashInputs();
  const stamp = await step.readStamp();
  if (!step.isForced && stamp.hasBuild && stamp.hash.trim() === current) {
    step.log(`The web app in ${step.outDir} is up to date with its sources: not rebuilding.`);
    return 'up to date';
  }
  step.log(buildingMessage);
  await step.build();
  await step.writeStamp(current);
  step.log(`Built the web app into ${step.outDir}.`);
  return 'built';
}
