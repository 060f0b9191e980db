import type { Plugin } from 'vite';

/**
 * Build-only resolutions that keep libraries' unused code out of the office app's first load (ADR 0043,
 * bench/first-load.ts). Both are inert when the library changes: a missing export fails the build loudly.
 */

const scrollAreaModule = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const scrollAreaMergeRefs = '\0mealrounds-scroll-area-merge-refs';

/**
 * Mantine's ScrollArea (inside every Table) takes only `useMergeRefs` from @floating-ui/react, but that one
 * import puts the whole of Floating UI (about 13 kB gzipped, for popovers and tooltips) in the chunk of every
 * screen with a table. Mantine's own hook merges the refs the same way (and runs React 19's ref cleanups).
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'mealrounds-scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && scrollAreaModule.test(importer)) {
        return scrollAreaMergeRefs;
      }
      return null;
    },
    load(id) {
      if (id !== scrollAreaMergeRefs) return null;
      return [
        "import { useMergedRef } from '@mantine/hooks';",
        'export function useMergeRefs(refs) { return useMergedRef(...refs); }',
      ].join('\n');
    },
  };
}

export function firstLoadResolutions(): Plugin[] {
  return [scrollAreaWithoutFloatingUi()];
}
