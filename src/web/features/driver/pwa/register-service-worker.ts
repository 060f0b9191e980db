/** Where vite-plugin-pwa writes the service worker, and the only pages it controls. */
export const serviceWorkerUrl = '/driver-sw.js';
export const serviceWorkerScope = '/driver/';
export const webManifestUrl = '/driver.webmanifest';

/**
 * Makes the driver page installable and available offline: links the web app manifest (only the driver page has
 * one, so the office is not offered as an app) and registers the service worker for /driver/ only, so it never
 * sees the office's pages or API calls.
 */
export function registerDriverServiceWorker(): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = webManifestUrl;
  document.head.append(link);
  const theme = document.createElement('meta');
  theme.name = 'theme-color';
  theme.content = '#000000';
  document.head.append(theme);
  if (!('serviceWorker' in navigator)) return;
  // After the page has loaded, so the worker's downloads do not slow the first showing of the run.
  const register = () => {
    // A failed registration leaves the page working online; there is nothing for the driver to do about it.
    navigator.serviceWorker.register(serviceWorkerUrl, { scope: serviceWorkerScope }).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
