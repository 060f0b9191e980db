import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build-only resolutions that keep libraries' unused code out of the office app's first load (ADR 0043,
 * bench/first-load.ts). Each touches one import of one library file; when the library changes, a missing export
 * fails the build loudly.
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

const zodClassicSchemas = /zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const zodJsonSchemaModules = ['../core/json-schema-processors.js', '../core/to-json-schema.js'];
const zodStubPrefix = '\0mealrounds-zod-json-schema:';
const notInTheBrowser =
  "() => { throw new Error('JSON Schema is generated on the server only (vite.first-load.ts)'); }";

/**
 * Every zod schema carries its JSON Schema conversion (zod 4's classic schemas reference one converter per type),
 * about 5 kB gzipped on every page; the browser only validates, and the OpenAPI document is made on the server.
 * In the web build the converters throw if called; `aggregateChecks` (behind `.minLength`, `.format` ...) stays
 * real. The converters' names are read from zod's own source, so an upgrade that adds one still builds.
 */
function zodWithoutJsonSchema(): Plugin {
  /** Each stub's real module, and the zod file that imports it. */
  const stubs = new Map<string, { real: string; importer: string }>();
  return {
    name: 'mealrounds-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !zodClassicSchemas.test(importer) || !zodJsonSchemaModules.includes(source))
        return null;
      const id = `${zodStubPrefix}${source}`;
      stubs.set(id, { real: join(dirname(importer), source), importer });
      return id;
    },
    async load(id) {
      const stub = stubs.get(id);
      if (!stub) return null;
      const { real, importer } = stub;
      if (real.endsWith('to-json-schema.js')) {
        return [
          `export const createToJSONSchemaMethod = () => ${notInTheBrowser};`,
          `export const createStandardJSONSchemaMethod = () => ${notInTheBrowser};`,
        ].join('\n');
      }
      const used = new Set(
        [...(await readFile(importer, 'utf8')).matchAll(/processors\.(\w+Processor)\b/g)].map(
          (match) => match[1],
        ),
      );
      return [
        `export { aggregateChecks } from ${JSON.stringify(real)};`,
        ...[...used].map((name) => `export const ${name} = ${notInTheBrowser};`),
      ].join('\n');
    },
  };
}

export function firstLoadResolutions(): Plugin[] {
  return [scrollAreaWithoutFloatingUi(), zodWithoutJsonSchema()];
}
