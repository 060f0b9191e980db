import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NoLinkPage } from './components/status-pages';
import { DriverApp } from './driver-app';
import { registerDriverServiceWorker } from './pwa/register-service-worker';
import { openDriverDb } from './store/driver-db';
import { findLatestToken } from './store/run-cache';

/**
 * The driver page's own entry (main.tsx loads it for /driver/...): no office shell, no login. /driver/ without a
 * token (the installed app's start page) opens the run opened last on this phone.
 */
async function findToken(): Promise<string | null> {
  const fromPath = window.location.pathname.split('/')[2];
  if (fromPath) return decodeURIComponent(fromPath);
  try {
    const latest = await findLatestToken(await openDriverDb());
    if (latest) window.history.replaceState(null, '', `/driver/${encodeURIComponent(latest)}`);
    return latest;
  } catch {
    return null;
  }
}

async function startDriverPage() {
  document.title = 'MealRounds driver';
  registerDriverServiceWorker();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const token = await findToken();
  createRoot(rootElement).render(
    <StrictMode>{token ? <DriverApp token={token} /> : <NoLinkPage />}</StrictMode>,
  );
}

void startDriverPage();
