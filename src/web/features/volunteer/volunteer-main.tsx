import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VolunteerPage } from './volunteer-page';

/**
 * The driver's own page's entry (main.tsx loads it for /volunteer/...): no office shell, no UI kit, no login; the
 * token in the path is the only credential.
 */
function startVolunteerPage() {
  document.title = 'MealRounds: your runs';
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  createRoot(rootElement).render(
    <StrictMode>
      <VolunteerPage token={token} />
    </StrictMode>,
  );
}

startVolunteerPage();
