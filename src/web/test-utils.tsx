import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { defaultLabelOptions, type Account } from '../contracts/accounts';
import type { Meta } from '../contracts/envelope';
import type { AccessLevel } from '../domain/access-level';
import { connectApiToSession } from './app/api-session';
import { createQueryClient, Providers } from './app/providers';
import { appRoutes } from './app/router';
import { login } from './lib/session-store';

/** The routes with each screen's code loaded beforehand (the app loads it on first use), so the first render shows it. */
async function loadScreens(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async (route): Promise<RouteObject> => {
      const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
      const children = route.children && (await loadScreens(route.children));
      return { ...route, ...loaded, lazy: undefined, ...(children && { children }) } as RouteObject;
    }),
  );
}

const loadedRoutes = await loadScreens(appRoutes);

/**
 * Dates read `instant` from now on in this test (the app's today with them); timers stay real. The shared teardown
 * (test-setup.ts) puts the real clock back.
 */
export function setTestClock(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

/** Renders the whole app (layout, routes, providers) at `path`, as a browser would show it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  connectApiToSession((to) => void router.navigate(to, { replace: true }));
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user, queryClient };
}

export function buildEnvelope(data: unknown, meta: Partial<Meta> = {}) {
  return { meta: { error_code: 0, message: '', ...meta }, data };
}

export function buildErrorEnvelope(errorCode: number, message: string) {
  return { meta: { error_code: errorCode, message }, data: null };
}

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };
type ApiHandler = (call: ApiCall) => unknown;

const defaultHandlers: Record<string, ApiHandler> = {
  'GET /api/config': () =>
    buildEnvelope({
      parent_company_name: 'Parent Co',
      parent_company_url: 'https://parent.example/product',
      howto_video_url: '/media/howto.webm',
    }),
};

/**
 * Replaces fetch with handlers keyed 'METHOD /path' (query excluded). Each returns (or resolves to) an envelope,
 * a Response, or throws to simulate a network failure. Unknown calls answer 404 with code 5.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`] ?? defaultHandlers[`${method} ${url.pathname}`];
    const answer: unknown = handler ? await handler(call) : buildErrorEnvelope(5, 'Not found');
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function encodeBase64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the claims the server puts in a real one. */
export function buildJwt(claims: { username: string; access_level: AccessLevel; exp?: number }): string {
  const header = encodeBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = encodeBase64Url(
    JSON.stringify({
      sub: '1',
      account_id: 1,
      ver: 1,
      jti: 'test',
      // Twelve hours, as the server's tokens.
      exp: Math.floor(Date.now() / 1000) + 12 * 3600,
      ...claims,
    }),
  );
  return `${header}.${payload}.signature`;
}

export function buildAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Northside Meals',
    description: 'Northside Community Meals',
    source_system: 'demo',
    source_url: '',
    source_username: '',
    has_source_password: false,
    source_settings: { client_tag: '', visit_tag: '', service_codes: [], premiums: {} },
    rounds: [],
    preferred_delivery_order: {},
    menu_options: { custom_text: '', cycle_weeks: 0, cycle_start: null },
    label_options: defaultLabelOptions,
    travel_contingency_mins: 2,
    release_cutoff_hours: 24,
    visit_horizon_weeks: 4,
    optimisation_preference_tm: 50,
    workload_balance: 'some',
    route_automation: { enabled: '0', days_in_advance: 14, optimise_by: 'optimal' },
    ...overrides,
  };
}

export function logInAs(username: string, accessLevel: AccessLevel, account: Account = buildAccount()) {
  if (!login(buildJwt({ username, access_level: accessLevel }), account))
    throw new Error('test login failed');
}

/** True when a button cannot be pressed (the project has no jest-dom matchers). */
export function isDisabled(element: HTMLElement): boolean {
  return element instanceof HTMLButtonElement
    ? element.disabled
    : element.getAttribute('aria-disabled') === 'true';
}
