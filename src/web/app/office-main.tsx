import '@mantine/core/styles.css';
import './focus-ring.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { connectApiToSession } from './api-session';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';
import { SessionSync } from './session-sync';

/** The office app: every path but the driver's phone page (main.tsx chooses). */
const router = createAppRouter();
connectApiToSession((to) => void router.navigate(to, { replace: true }));
const queryClient = createQueryClient();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <SessionSync />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
