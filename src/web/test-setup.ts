import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { logout } from './lib/session-store';
import { configureApiClient } from './lib/api-client';

// jsdom lacks these browser APIs, which Mantine uses for colour scheme, responsive props and popovers.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// Textarea autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  // Fake timers and clocks (setTestClock) end with the test that set them.
  vi.useRealTimers();
  cleanup();
  // Module state outlives a test: start every test logged out and with an unwired API client.
  logout();
  configureApiClient(null);
  window.localStorage.clear();
});
