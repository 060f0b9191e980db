import { describe, expect, it } from 'vitest';
import { buildWebIfChanged, buildingMessage, type WebBuildStep } from './web-build-step';

function createStep(stamp: { hash: string; hasBuild: boolean }, isForced = false) {
  const events: string[] = [];
  const step: WebBuildStep = {
    outDir: 'dist/web',
    hashInputs: () => Promise.resolve('abc'),
    readStamp: () => Promise.resolve(stamp),
    writeStamp: (hash) => {
      events.push(`stamp ${hash}`);
      return Promise.resolve();
    },
    build: () => {
      events.push('build');
      return Promise.resolve();
    },
    log: (line) => events.push(line),
    isForced,
  };
  return { step, events };
}

describe("npm start's web build step", () => {
  it('says a first start is building, before it builds', async () => {
    const { step, events } = createStep({ hash: '', hasBuild: false });
    expect(await buildWebIfChanged(step)).toBe('built');
    expect(events).toEqual([buildingMessage, 'build', 'stamp abc', 'Built the web app into dist/web.']);
    expect(buildingMessage).toBe('Building the web app (first start, about a minute)...');
  });

  it('builds again when the sources changed, or when forced', async () => {
    expect(await buildWebIfChanged(createStep({ hash: 'old\n', hasBuild: true }).step)).toBe('built');
    expect(await buildWebIfChanged(createStep({ hash: 'abc\n', hasBuild: true }, true).step)).toBe('built');
  });

  it('says nothing of building when the build is up to date', async () => {
    const { step, events } = createStep({ hash: 'abc\n', hasBuild: true });
    expect(await buildWebIfChanged(step)).toBe('up to date');
    expect(events).toEqual(['The web app in dist/web is up to date with its sources: not rebuilding.']);
  });
});
