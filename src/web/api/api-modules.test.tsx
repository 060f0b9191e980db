import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Meal, Schedule } from '../../contracts/meals';
import { ApiError } from '../lib/api-client';
import { useSaveHold } from './holds';
import { useUpdateMeal } from './meals';
import { useSaveSchedule, useSchedule } from './menu';
import { allergenKeys, clientKeys, mealKeys, menuKeys, reportKeys } from './query-keys';

/** Answers every call with `answer` (an envelope), keeping the calls made. */
function stubFetch(answer: (method: string, path: string) => unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(`${method} ${path}`);
      return new Response(JSON.stringify(answer(method, path)));
    }),
  );
  return calls;
}

function renderWithClient<T>(hook: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

const week = '02-11-2026';
const nextWeek = '09-11-2026';

function buildMeal(description: string): Meal {
  return {
    key: 'm1',
    description,
    ingredients: '',
    category: 'Hot',
    meal_state: 'Hot',
    labels: [],
    allergens: [],
    reheating_instructions: '',
    active_ind: true,
    status: 'active',
  };
}

function buildSchedule(weekStart: string, mealName: string): Schedule {
  return {
    week_start: weekStart,
    days: { [weekStart]: { Hot: [buildMeal(mealName)] } },
    cycle_week: null,
    source_week: null,
  };
}

const envelope = (data: unknown) => ({ meta: { error_code: 0, message: '' }, data });

describe('api modules', () => {
  it('a menu edit becomes the week both screens read, and refreshes the other weeks, clients and reports', async () => {
    const saved = buildSchedule(week, 'Lamb Shanks');
    stubFetch((method) => envelope(method === 'PUT' ? saved : buildSchedule(week, 'Beef Stew')));
    // The client screen's meal choices read the week through the same hook as the menu screen.
    const { result, queryClient } = renderWithClient(() => ({
      shown: useSchedule(week),
      save: useSaveSchedule(),
    }));
    await waitFor(() => expect(result.current.shown.data).toBeDefined());
    queryClient.setQueryData(menuKeys.schedule(nextWeek), buildSchedule(nextWeek, 'Fish Pie'));
    queryClient.setQueryData(clientKeys.detail(7, week), { id: 7 });
    queryClient.setQueryData(reportKeys.byDate('kitchen-week', week), { rows: [] });

    await result.current.save.mutateAsync({ weekId: week, body: { days: {} } });

    await waitFor(() => expect(result.current.shown.data).toEqual(saved));
    expect(queryClient.getQueryState(menuKeys.schedule(week))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(menuKeys.schedule(nextWeek))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(clientKeys.detail(7, week))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(reportKeys.byDate('kitchen-week', week))?.isInvalidated).toBe(true);
  });

  it('a saved meal refreshes the meals, the menus, the clients, the allergen clashes and the reports', async () => {
    stubFetch(() => envelope(buildMeal('Lamb Shanks')));
    const { result, queryClient } = renderWithClient(() => useUpdateMeal());
    const keys = [mealKeys.active, menuKeys.schedule(week), clientKeys.detail(7, week), allergenKeys.clashes];
    for (const key of [...keys, reportKeys.byDate('meal-choices', week)]) queryClient.setQueryData(key, {});

    await result.current.mutateAsync({ key: 'm1', description: 'Lamb Shanks' });

    await waitFor(() =>
      expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
        true,
        true,
        true,
        true,
      ]),
    );
    expect(queryClient.getQueryState(reportKeys.byDate('meal-choices', week))?.isInvalidated).toBe(true);
  });

  it('a mutation answered with an error envelope throws an ApiError with its message and field errors', async () => {
    const calls = stubFetch(() => ({
      meta: {
        error_code: 2,
        message: 'Please check the dates.',
        errors: [{ field: 'to_date', message: 'The return comes after the start.' }],
      },
      data: null,
    }));
    const { result, queryClient } = renderWithClient(() => useSaveHold(7));
    queryClient.setQueryData(clientKeys.holds(7), []);
    const body = { from_date: '10-11-2026', to_date: '01-11-2026', reason: 'hospital' as const, note: '' };

    const failure: unknown = await result.current
      .mutateAsync({ id: null, body })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Please check the dates.');
    expect((failure as ApiError).code).toBe(2);
    expect((failure as ApiError).fieldErrors).toEqual({ to_date: 'The return comes after the start.' });
    await waitFor(() => expect(result.current.error).toBe(failure));
    // A refused change changes nothing: the client's holds are not read again.
    expect(calls).toEqual(['POST /api/clients/7/holds']);
    expect(queryClient.getQueryState(clientKeys.holds(7))?.isInvalidated).toBe(false);
  });

  it('a failed network call throws the same way, as Unexpected error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderWithClient(() => useSaveHold(7));
    const body = { from_date: '10-11-2026', to_date: null, reason: 'hospital' as const, note: '' };

    await expect(result.current.mutateAsync({ id: 3, body })).rejects.toThrow('Unexpected error');
  });
});
