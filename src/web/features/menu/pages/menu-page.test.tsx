import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Meal, Schedule } from '../../../../contracts/meals';
import { addDays } from '../../../../domain/zoned-time';
import { formatDayMonthYear, parseDayMonthYear } from '../../../../domain/weeks';
import { buildEnvelope, buildErrorEnvelope, logInAs, renderApp, stubApi } from '../../../test-utils';
import { currentWeekId } from '../../../lib/calendar';

const categories = [
  { key: 'c1', name: 'Mains' },
  { key: 'c2', name: 'Desserts' },
];
const labels = [{ key: 'l1', name: 'Vegetarian', colour: '#22aa44' }];

function buildMeal(key: string, description: string, category: string, mealLabels: string[] = []): Meal {
  return {
    key,
    description,
    ingredients: '',
    category,
    meal_state: 'Hot',
    labels: mealLabels,
    allergens: [],
    reheating_instructions: '',
    active_ind: true,
    status: 'active',
  };
}

const roast = buildMeal('m1', 'Roast Chicken', 'Mains');
const curry = buildMeal('m2', 'Vegetable Curry', 'Mains', ['Vegetarian']);
const custard = buildMeal('m3', 'Apple Custard', 'Desserts');

function buildSchedule(weekId: string, mondayMains: Meal[]): Schedule {
  const monday = parseDayMonthYear(weekId) ?? '';
  const days: Schedule['days'] = {};
  for (let offset = 0; offset < 7; offset += 1) {
    const date = formatDayMonthYear(addDays(monday, offset));
    days[date] = { Mains: offset === 0 ? mondayMains : [], Desserts: [] };
  }
  return { week_start: weekId, days, cycle_week: null, source_week: null };
}

function stubMenuApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const weekId = currentWeekId();
  let current = buildSchedule(weekId, [roast]);
  const stub = stubApi({
    'GET /api/meals/categories': () => buildEnvelope(categories),
    'GET /api/meals/meals': () => buildEnvelope({ meals: [roast, curry, custard], categories, labels }),
    [`GET /api/meals/schedule/${weekId}`]: () => buildEnvelope(current),
    [`PUT /api/meals/schedule/${weekId}`]: (call) => {
      const body = call.body as { days: Record<string, Record<string, string[]>> };
      const all = [roast, curry, custard];
      const mondayKeys = body.days[weekId]?.Mains ?? [];
      current = buildSchedule(
        weekId,
        mondayKeys.map((key) => all.find((meal) => meal.key === key)!),
      );
      return buildEnvelope(current);
    },
    ...extra,
  });
  return { ...stub, weekId };
}

describe('weekly menu grid', () => {
  it('shows Loading... then the week, adds an active meal and removes one, saving each change', async () => {
    const { calls, weekId } = stubMenuApi();
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/menu');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Weekly Menu' })).toBeTruthy();
    expect(await screen.findByText('Roast Chicken', { selector: 'p' })).toBeTruthy();
    const mealsCall = calls.find((call) => call.path === '/api/meals/meals');
    expect(mealsCall).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Week of/ })).toHaveProperty('value', weekId);

    const addMonday = screen.getByRole('combobox', { name: 'Add Mains meal on Monday' });
    // Meals already on the day and meals of other categories are not offered.
    const options = within(addMonday)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Add meal...', 'Vegetable Curry']);
    await user.selectOptions(addMonday, 'm2');
    expect(await screen.findByText('Vegetable Curry', { selector: 'p' })).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as { days: Record<string, Record<string, string[]>> }).days[weekId]).toEqual({
      Mains: ['m1', 'm2'],
      Desserts: [],
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Roast Chicken from Monday' }));
    await waitFor(() => expect(screen.queryByText('Roast Chicken', { selector: 'p' })).toBeNull());
    const lastPut = calls.filter((call) => call.method === 'PUT').at(-1);
    expect((lastPut?.body as { days: Record<string, Record<string, string[]>> }).days[weekId]).toEqual({
      Mains: ['m2'],
      Desserts: [],
    });
    // The food categories section lists the categories, each editable in its place.
    const section = screen.getByRole('region', { name: 'Food categories' });
    expect(within(section).getByRole('textbox', { name: 'Name of the category Desserts' })).toHaveProperty(
      'value',
      'Desserts',
    );
    expect(within(section).getByRole('button', { name: 'Move Desserts down' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows a failed save in a dismissible red notice and keeps the saved menu', async () => {
    const { weekId } = stubMenuApi({
      [`PUT /api/meals/schedule/${currentWeekId()}`]: () => buildErrorEnvelope(2, 'Meal is not active.'),
    });
    expect(weekId).toBe(currentWeekId());
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/menu');
    await user.click(await screen.findByRole('button', { name: 'Remove Roast Chicken from Monday' }));
    expect(await screen.findByText('Meal is not active.')).toBeTruthy();
    expect(screen.getByText('Roast Chicken', { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Meal is not active.')).toBeNull();
  });
  it('says when the week shows a week of the menu cycle', async () => {
    const weekId = currentWeekId();
    stubMenuApi({
      [`GET /api/meals/schedule/${weekId}`]: () =>
        buildEnvelope({ ...buildSchedule(weekId, [roast]), cycle_week: 2, source_week: '06-01-2025' }),
    });
    logInAs('kitchen@example.org', 'normal');
    renderApp('/menu');
    expect(
      await screen.findByText(/^Showing week 2 of the menu cycle \(from the week of 06-01-2025\)\./),
    ).toBeTruthy();
  });
});

describe('the week shown', () => {
  it('keeps the chosen week in the address, so going back or reloading shows the same week', async () => {
    const thisWeek = currentWeekId();
    const nextWeek = formatDayMonthYear(addDays(parseDayMonthYear(thisWeek) ?? '', 7));
    stubMenuApi({
      [`GET /api/meals/schedule/${nextWeek}`]: () => buildEnvelope(buildSchedule(nextWeek, [curry])),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user, router } = renderApp('/menu');
    expect(await screen.findByText('Roast Chicken', { selector: 'p' })).toBeTruthy();
    const weekBox = screen.getByRole('textbox', { name: /Week of/ });
    await user.clear(weekBox);
    await user.type(weekBox, nextWeek);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Vegetable Curry', { selector: 'p' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?week=${nextWeek}`);

    await router.navigate('/meals');
    await router.navigate(-1);
    expect(await screen.findByText('Vegetable Curry', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Week of/ })).toHaveProperty('value', nextWeek);

    await router.navigate(-1);
    // The grid of the week before comes back (its menu is read again, which can take a moment on a busy machine).
    expect(await screen.findByText('Roast Chicken', { selector: 'p' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Week of/ })).toHaveProperty('value', thisWeek);
  });

  it('opens on the week in the address, snapped to its Monday; a date that is not one opens this week', async () => {
    const nextWeek = formatDayMonthYear(addDays(parseDayMonthYear(currentWeekId()) ?? '', 7));
    const nextWednesday = formatDayMonthYear(addDays(parseDayMonthYear(nextWeek) ?? '', 2));
    stubMenuApi({
      [`GET /api/meals/schedule/${nextWeek}`]: () => buildEnvelope(buildSchedule(nextWeek, [curry])),
    });
    logInAs('kitchen@example.org', 'normal');
    const first = renderApp(`/menu?week=${nextWednesday}`);
    expect(await screen.findByText('Vegetable Curry', { selector: 'p' })).toBeTruthy();
    first.unmount();
    renderApp('/menu?week=31-02-2026');
    expect(await screen.findByText('Roast Chicken', { selector: 'p' })).toBeTruthy();
  });
});

describe('copy menu dialog', { timeout: 15_000 }, () => {
  it('asks for a valid date, sends DD-MM-YYYY, confirms before replacing and closes 2 s after success', async () => {
    const answers = [buildErrorEnvelope(6, 'That week already has a menu.')];
    const { calls, weekId } = stubMenuApi({
      'PUT /api/meals/copy_schedule': () =>
        answers.shift() ?? buildEnvelope(buildSchedule('05-04-2027', [roast])),
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/menu');
    await screen.findByText('Roast Chicken', { selector: 'p' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Menu' });
    expect(within(dialog).getByText('Copy this menu to another week')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Please select a valid date.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/meals/copy_schedule')).toBe(false);
    const date = within(dialog).getByLabelText('Date');
    // Typed DD-MM-YYYY like every other date: a browser date picker's value or a day that does not exist is refused.
    expect(date.getAttribute('type')).not.toBe('date');
    for (const wrong of ['2027-04-07', '31-02-2027']) {
      await user.type(date, wrong);
      await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(await within(dialog).findByText('Please select a valid date.')).toBeTruthy();
      await user.clear(date);
    }
    expect(calls.some((call) => call.path === '/api/meals/copy_schedule')).toBe(false);

    await user.type(date, '07-04-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('That week already has a menu.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/meals/copy_schedule')[0]?.body).toEqual({
      from_date: weekId,
      to_date: '07-04-2027',
    });

    await user.click(within(dialog).getByRole('button', { name: "Replace that week's menu" }));
    expect(await within(dialog).findByText('Menu copied to the week of 05-04-2027.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/meals/copy_schedule')[1]?.body).toEqual({
      from_date: weekId,
      to_date: '07-04-2027',
      overwrite: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  });

  it("reads 'Unexpected error..' and the error text when the copy cannot reach the server", async () => {
    stubMenuApi({
      'PUT /api/meals/copy_schedule': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/menu');
    await screen.findByText('Roast Chicken', { selector: 'p' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Menu' });
    await user.type(within(dialog).getByLabelText('Date'), '07-04-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(/^Unexpected error\.\. Unexpected error$/)).toBeTruthy();
  });
});

describe('print', () => {
  it('posts what the screen shows and opens the PDF link, or shows it when the popup is blocked', async () => {
    const { calls, weekId } = stubMenuApi({
      'POST /api/print/menu': () => buildEnvelope({ url: '/api/print/files/abc' }),
    });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    logInAs('kitchen@example.org', 'normal');
    const { user } = renderApp('/menu');
    await screen.findByText('Roast Chicken', { selector: 'p' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('link', { name: 'Open the menu PDF' })).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/api/print/files/abc', '_blank');
    const body = calls.find((call) => call.path === '/api/print/menu')?.body as {
      week_start: string;
      items: Record<string, Record<string, unknown[]>>;
      categories: unknown[];
      labels: unknown[];
    };
    expect(body.week_start).toBe(weekId);
    expect(body.items[weekId]?.Mains).toEqual([{ key: 'm1', description: 'Roast Chicken', labels: [] }]);
    expect(body.categories).toEqual(categories);
    expect(body.labels).toEqual(labels);
  });
});
