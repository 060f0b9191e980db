import { createBrowserRouter, type RouteObject } from 'react-router';
import { AlertsPage } from '../features/alerts/pages/alerts-page';
import { ConfirmPage } from '../features/auth/pages/confirm-page';
import { ClientPage } from '../features/clients/pages/client-page';
import { ClientsPage } from '../features/clients/pages/clients-page';
import { ForgotPage } from '../features/auth/pages/forgot-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { LogoutPage } from '../features/auth/pages/logout-page';
import { AboutPage } from '../features/public/pages/about-page';
import { ContactPage } from '../features/public/pages/contact-page';
import { HomePage } from '../features/public/pages/home-page';
import { MenuPage } from '../features/menu/pages/menu-page';
import { MealsPage } from '../features/meals/pages/meals-page';
import { RoundsPage } from '../features/rounds/pages/rounds-page';
import { ReportsPage } from '../features/reports/pages/reports-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireLogin } from './require-login';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';

function titled(title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteHandle {
  return { title, ...extra };
}

/** Routes match with and without a trailing slash (React Router ignores it), e.g. /about and /about/. */
export const appRoutes: RouteObject[] = [
  // The driver's phone page: no login and no office layout, in a chunk of its own (main.tsx opens it directly).
  {
    path: 'driver/:token?',
    lazy: async () => ({ Component: (await import('../features/driver/driver-route')).DriverRoute }),
  },
  {
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage />, handle: titled('About') },
          { path: 'contact', element: <ContactPage />, handle: titled('Contact') },
          { path: 'login', element: <LoginPage />, handle: titled('Log In') },
          { path: 'logout', element: <LogoutPage />, handle: titled('Log Out') },
          { path: 'forgot', element: <ForgotPage />, handle: titled('Reset your password') },
          { path: 'confirm', element: <ConfirmPage />, handle: titled('Set your password') },
          {
            element: <RequireLogin />,
            handle: { isAppScreen: true } satisfies RouteHandle,
            children: [
              { path: 'clients', element: <ClientsPage />, handle: titled('Clients') },
              { path: 'client/:clientId?', element: <ClientPage />, handle: titled('Client') },
              { path: 'rounds', element: <RoundsPage />, handle: titled('Rounds') },
              { path: 'meals', element: <MealsPage />, handle: titled('Meals') },
              { path: 'menu', element: <MenuPage />, handle: titled('Weekly Menu') },
              { path: 'settings/:tab?', element: <SettingsPage />, handle: titled('Settings') },
              { path: 'reports/:tab?', element: <ReportsPage />, handle: titled('Reports') },
              { path: 'alerts', element: <AlertsPage />, handle: titled('Alerts') },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: titled('Page not found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
