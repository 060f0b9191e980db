import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ConfirmPage } from '../features/auth/pages/confirm-page';
import { ForgotPage } from '../features/auth/pages/forgot-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { LogoutPage } from '../features/auth/pages/logout-page';
import { AboutPage } from '../features/public/pages/about-page';
import { ContactPage } from '../features/public/pages/contact-page';
import { HomePage } from '../features/public/pages/home-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireLogin } from './require-login';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';
import { ScreenLoading } from './screen-loading';

/** A screen's code loads when the screen is first opened, so the public pages and login load none of it. */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

function titled(title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteHandle {
  return { title, ...extra };
}

/** Routes match with and without a trailing slash (React Router ignores it), e.g. /about and /about/. */
export const appRoutes: RouteObject[] = [
  // The driver's phone page: no login and no office layout, in a chunk of its own (main.tsx opens it directly).
  {
    path: 'driver/:token?',
    lazy: screen(() => import('../features/driver/driver-route'), 'DriverRoute'),
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
            // An app screen opened directly loads its code first: the layout shows, with this in its place.
            HydrateFallback: ScreenLoading,
            handle: { isAppScreen: true } satisfies RouteHandle,
            children: [
              {
                path: 'clients',
                lazy: screen(() => import('../features/clients/pages/clients-page'), 'ClientsPage'),
                handle: titled('Clients'),
              },
              {
                path: 'client/:clientId?',
                lazy: screen(() => import('../features/clients/pages/client-page'), 'ClientPage'),
                handle: titled('Client'),
              },
              {
                path: 'rounds',
                lazy: screen(() => import('../features/rounds/pages/rounds-page'), 'RoundsPage'),
                handle: titled('Rounds'),
              },
              {
                path: 'rounds/plan',
                lazy: screen(() => import('../features/rounds/plan-day/pages/plan-day-page'), 'PlanDayPage'),
                handle: titled('Plan Day'),
              },
              {
                path: 'drivers/:tab?',
                lazy: screen(() => import('../features/drivers/pages/drivers-page'), 'DriversPage'),
                handle: titled('Drivers'),
              },
              {
                path: 'meals',
                lazy: screen(() => import('../features/meals/pages/meals-page'), 'MealsPage'),
                handle: titled('Meals'),
              },
              {
                path: 'menu',
                lazy: screen(() => import('../features/menu/pages/menu-page'), 'MenuPage'),
                handle: titled('Weekly Menu'),
              },
              {
                path: 'settings/:tab?',
                lazy: screen(() => import('../features/settings/pages/settings-page'), 'SettingsPage'),
                handle: titled('Settings'),
              },
              {
                path: 'reports/:tab?',
                lazy: screen(() => import('../features/reports/pages/reports-page'), 'ReportsPage'),
                handle: titled('Reports'),
              },
              {
                path: 'alerts',
                lazy: screen(() => import('../features/alerts/pages/alerts-page'), 'AlertsPage'),
                handle: titled('Alerts'),
              },
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
