import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireLogin } from './require-login';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';
import { ScreenLoading } from './screen-loading';

/**
 * Every page's code, the public pages and login included, loads when the page is first opened: the first load is
 * the layout and the one page shown (bench/first-load.ts measures it against a budget), so a new screen added here
 * costs the other pages nothing.
 */
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
          {
            // A page opened directly loads its code first: the layout shows, with this in its place.
            HydrateFallback: ScreenLoading,
            children: [
              { index: true, lazy: screen(() => import('../features/public/pages/home-page'), 'HomePage') },
              {
                path: 'about',
                lazy: screen(() => import('../features/public/pages/about-page'), 'AboutPage'),
                handle: titled('About'),
              },
              {
                path: 'contact',
                lazy: screen(() => import('../features/public/pages/contact-page'), 'ContactPage'),
                handle: titled('Contact'),
              },
              {
                path: 'login',
                lazy: screen(() => import('../features/auth/pages/login-page'), 'LoginPage'),
                handle: titled('Log In'),
              },
              {
                path: 'logout',
                lazy: screen(() => import('../features/auth/pages/logout-page'), 'LogoutPage'),
                handle: titled('Log Out'),
              },
              {
                path: 'forgot',
                lazy: screen(() => import('../features/auth/pages/forgot-page'), 'ForgotPage'),
                handle: titled('Reset your password'),
              },
              {
                path: 'confirm',
                lazy: screen(() => import('../features/auth/pages/confirm-page'), 'ConfirmPage'),
                handle: titled('Set your password'),
              },
            ],
          },
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
                path: 'clients/import',
                lazy: screen(
                  () => import('../features/clients/pages/client-import-page'),
                  'ClientImportPage',
                ),
                handle: titled('Import clients'),
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
                handle: titled('Welfare checks'),
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
