import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Build side of the driver page's offline mode (ADR 0018): vite-plugin-pwa writes a Workbox service worker that
 * precaches only what /driver/... loads (index.html, the entry, the driver chunks and their CSS, the manifest and
 * icons), never the office app. It registers nothing itself: the driver page registers it for /driver/ only.
 */

const driverModule = /src[\\/]web[\\/]features[\\/]driver[\\/]driver-main\.tsx$/;
/** The public files of the installed app (public/driver.webmanifest names the icons). */
const driverPublicFiles = ['driver.webmanifest', 'driver-icon-192.png', 'driver-icon-512.png', 'logo.svg'];

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

/** The files the driver page loads: the entry and the driver entry, with every chunk they import statically. */
export function collectDriverFiles(bundle: Record<string, BundleItem>): Set<string> {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const driver = chunks.find(
    (chunk) => chunk.facadeModuleId !== null && driverModule.test(chunk.facadeModuleId),
  );
  if (!entry || !driver) throw new Error('driver precache: the entry or the driver page chunk is missing');
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  visit(driver.fileName);
  return files;
}

export function driverPwa(): Plugin[] {
  let driverFiles = new Set<string>();
  const collector: Plugin = {
    name: 'mealrounds-driver-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      driverFiles = collectDriverFiles(bundle as unknown as Record<string, BundleItem>);
    },
  };
  const pwa = VitePWA({
    filename: 'driver-sw.js',
    scope: '/driver/',
    injectRegister: false,
    manifest: false,
    workbox: {
      // No source map of the service worker: nobody reads it, and making it slowed every build's last step.
      sourcemap: false,
      globPatterns: ['index.html', 'assets/*.{js,css}', ...driverPublicFiles],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter(
            (entry) =>
              entry.url === 'index.html' ||
              driverPublicFiles.includes(entry.url) ||
              driverFiles.has(entry.url),
          ),
          warnings: [],
        }),
      ],
      // Any /driver/... page opens from the precached index.html, also without a network.
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/driver(\/|$)/],
      // No runtime caching: the run and the outcomes live in the page's IndexedDB, and API answers stay uncached.
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
  return [collector, ...pwa];
}
