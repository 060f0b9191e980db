import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { connectApiToSession } from './app/api-session';
import { createQueryClient, Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { SessionSync } from './app/session-sync';

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
