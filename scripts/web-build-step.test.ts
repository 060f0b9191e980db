import { describe, expect, it } from 'vitest';
import {
  describeBuildDone,
  describeBuildStart,
  describeProgress,
  describeUpToDate,
  isWebBuildNeeded,
  readBuildSeconds,
} from './web-build-step';

describe("npm start's web build step", () => {
  it.each([
    { stamp: { hash: '', hasBuild: false }, isForced: false, isNeeded: true, case: 'no build yet' },
    {
      stamp: { hash: 'abc\n', hasBuild: false },
      isForced: false,
      isNeeded: true,
      case: 'a stamp without a build',
    },
    { stamp: { hash: 'old\n', hasBuild: true }, isForced: false, isNeeded: true, case: 'sources changed' },
    { stamp: { hash: 'abc\n', hasBuild: true }, isForced: true, isNeeded: true, case: 'WEB_BUILD=always' },
    { stamp: { hash: 'abc\n', hasBuild: true }, isForced: false, isNeeded: false, case: 'up to date' },
  ])('builds or not: $case', ({ stamp, isForced, isNeeded }) => {
    expect(isWebBuildNeeded('abc', stamp, isForced)).toBe(isNeeded);
  });

  it.each([
    ['17\n', 17],
    ['', null],
    ['0', null],
    ['-3', null],
    ['4.5', null],
    ['soon', null],
  ])('reads the last build length %j as %j', (text, seconds) => {
    expect(readBuildSeconds(text)).toBe(seconds);
  });

  it('says what it does before, during and after the build', () => {
    expect(describeBuildStart(20)).toBe(
      'Building the web app (about 20 seconds). The server starts meanwhile: its pages say "Building the app" ' +
        'and open the app when it is ready.',
    );
    expect(describeProgress('compiling', 412, 5)).toBe(
      '  web build: compiling the sources, 412 modules so far (5 s)',
    );
    expect(describeProgress('bundling', 1530, 9)).toBe(
      '  web build: 1530 modules compiled; bundling, minifying and writing (9 s)',
    );
    expect(describeProgress('offline files', 1530, 12)).toBe(
      "  web build: the app is served; making the driver page's offline files (12 s)",
    );
    expect(describeBuildDone('dist/web', 13)).toBe('Built the web app into dist/web in 13 s.');
    expect(describeUpToDate('dist/web')).toBe(
      'The web app in dist/web is up to date with its sources: not rebuilding.',
    );
  });
});
