import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintLink, PrintRoundBody } from '../../../contracts/print';
import type { Visit } from '../../../contracts/visits';
import { isDrivenTo, type Leg } from '../../../domain/round-panel';
import { formatRoundTravel, sumRoundTravel } from '../../../domain/round-totals';
import { clients, visits } from '../../db/schema/clients';
import { clientMealChoices, meals } from '../../db/schema/meals';
import { extractPdfPages, extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  fixtureClock,
  seedOtherAccountOrder,
  seedReportFixture,
  type ReportFixture,
} from '../../testing/reports-fixture';

let t: TestApp;
let token = '';
let fixture: ReportFixture;
let otherVisitId = 0;
let accountId = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixtureClock });
  const { account, user } = await t.createAccount('Round Sheets');
  accountId = account.id;
  // Seeded before the first login: the embedded server keeps an account (its rounds) once read.
  fixture = await seedReportFixture(t.db, account.id);
  token = await t.login(user.username);
  const other = await t.createAccount('Other Sheets');
  otherVisitId = (await seedOtherAccountOrder(t.db, other.account.id)).visitId;
});
afterAll(async () => t.close());

const visit = (key: string) => fixture.visitIds[key] ?? 0;

/** North on Monday 7 December: Bob first, then Alice (both completed), with travel. */
function northBody(format: PrintRoundBody['format']): PrintRoundBody {
  return {
    round: fixture.roundIds.north,
    date: '2026-12-07',
    format,
    events: [
      {
        id: visit('Bob 2026-12-07 completed'),
        start: '09:20',
        end: '09:35',
        travel_mins: 12,
        travel_kms: 6.4,
      },
      {
        id: visit('Alice 2026-12-07 completed'),
        start: '09:45',
        end: '10:00',
        travel_mins: 8,
        travel_kms: 3.1,
      },
      // Eve is hidden: her stop is shown (the driver has the visit) but carries no meals.
      { id: visit('Eve 2026-12-07 scheduled'), start: '10:10', end: '10:20' },
    ],
  };
}

async function printRound(body: unknown) {
  return t.call<PrintLink>('POST', '/api/print/round', { token, body });
}

async function fetchPdf(body: unknown) {
  const result = await printRound(body);
  expect(result.body.meta).toMatchObject({ error_code: 0 });
  const file = await t.server.inject({ method: 'GET', url: result.body.data.url });
  expect(file.headers['content-type']).toBe('application/pdf');
  // Kept for looking at: pdftoppm -png -r 60 -f 1 -l 1 /tmp/mealrounds-<name>.pdf /tmp/out
  return file.rawPayload;
}

describe('POST /api/print/round', () => {
  it('prints the driver run sheet: stops in the events’ order, meals, base, totals', async () => {
    const pdf = await fetchPdf(northBody('driver'));
    await writeFile('/tmp/mealrounds-driver.pdf', pdf);
    const pages = await extractPdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const expected of [
      'Driver Run Sheet',
      'Round: North',
      'Driver: not rostered',
      'Monday 07-12-2026',
      'Start: 1 Base Rd, Perth WA',
      'Return to: 1 Base Rd, Perth WA',
      '09:20-09:35',
      '12 min',
      '6.4 km',
      'Alice Archer',
      '10 Hay St, Perth, WA, 6000',
      'Ph: 0400 000 001',
      'Instructions: Knock loudly',
      'Diet: Gluten Free; No nuts',
      // Meal lines may wrap within their cell.
      '2 x Roast Chicken (Hot, Cook &',
      '"Extra gravy"',
      '1 x Apple Crumble (Frozen, Cook',
      '1 x Pumpkin Soup (Hot, Cook &',
      'Eve Evans',
      'No meals ordered',
      'Stops: 3',
      'All meals: 5',
      'Travel: 9.5 km, 20 mins',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('Bob Baker')).toBeLessThan(text.indexOf('Alice Archer'));
    expect(text).not.toContain('Meals ordered without a visit');
  });

  it('lists the meals of a round client without a stop, so none is missed', async () => {
    const body = { ...northBody('driver'), events: northBody('driver').events.slice(0, 1) };
    const text = await extractPdfText(await fetchPdf(body));
    expect(text).toContain('Meals ordered without a visit');
    const after = text.slice(text.indexOf('Meals ordered without a visit'));
    expect(after).toContain('Alice Archer');
    expect(after).toContain('2 x Roast Chicken');
    expect(text).toContain('All meals: 5');
  });

  it('refuses a visit listed twice', async () => {
    const [first] = northBody('driver').events;
    const result = await printRound({ ...northBody('driver'), events: [first, first] });
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
  });

  it('keeps each stop whole across pages and repeats the header row', async () => {
    // 24 more clients on North with three meals each and a visit on Thursday 10 December.
    const date = '2026-12-10';
    const added = await t.db
      .insert(clients)
      .values(
        Array.from({ length: 24 }, (_, index) => ({
          accountId,
          sourceId: `many-${index}`,
          name: `Many Client ${String(index + 1).padStart(2, '0')}`,
          roundId: fixture.roundIds.north,
          phone: `0400 100 ${String(index).padStart(3, '0')}`,
          address: `${index + 1} Long Road`,
          city: 'Perth',
          deliveryInstructions: 'Side gate, ring twice',
        })),
      )
      .returning({ id: clients.id });
    const [roast] = await t.db.select({ id: meals.id }).from(meals).where(eq(meals.accountId, accountId));
    await t.db.insert(clientMealChoices).values(
      added.map((client) => ({
        accountId,
        clientId: client.id,
        date,
        mealId: roast?.id ?? 0,
        quantity: 3,
      })),
    );
    const visitRows = await t.db
      .insert(visits)
      .values(
        added.map((client, index) => ({
          accountId,
          clientId: client.id,
          sourceId: `many-visit-${index}`,
          date,
          startAt: new Date(`${date}T01:00:00Z`),
          endAt: new Date(`${date}T01:10:00Z`),
        })),
      )
      .returning({ id: visits.id });
    const events = visitRows.map((row, index) => ({
      id: row.id,
      start: `${String(9 + Math.floor(index / 6)).padStart(2, '0')}:${String((index % 6) * 10).padStart(2, '0')}`,
      end: `${String(9 + Math.floor(index / 6)).padStart(2, '0')}:${String((index % 6) * 10 + 5).padStart(2, '0')}`,
    }));

    const pdf = await fetchPdf({ round: fixture.roundIds.north, date, format: 'driver', events });
    await writeFile('/tmp/mealrounds-driver-long.pdf', pdf);
    const pages = await extractPdfPages(pdf);

    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page) => expect(page).toMatch(/#\s+Time\s+Client\s+Meals/));
    for (let index = 1; index <= 24; index += 1) {
      const name = `Many Client ${String(index).padStart(2, '0')}`;
      const page = pages.find((candidate) => candidate.includes(name)) ?? '';
      // The whole stop is on the page holding its name.
      expect(page, name).toContain(`Ph: 0400 100 ${String(index - 1).padStart(3, '0')}`);
      expect(page, name).toContain(`${index} Long Road, Perth`);
    }
    expect(pages.join('\n')).toContain('All meals: 72');
  });

  it('prints the kitchen sheet: counts per meal and state by category, with totals', async () => {
    const pdf = await fetchPdf(northBody('kitchen'));
    await writeFile('/tmp/mealrounds-kitchen.pdf', pdf);
    const pages = await extractPdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toContain('Kitchen Meal Preparation Sheet');
    expect(text).toMatch(/Mains\s+Roast Chicken\s+Frozen\s+1/);
    expect(text).toMatch(/Mains\s+Roast Chicken\s+Hot\s+2/);
    expect(text).toMatch(/Mains total\s+3/);
    expect(text).toMatch(/Desserts\s+Apple Crumble\s+Frozen\s+1/);
    expect(text).toMatch(/Other\s+Pumpkin Soup\s+Hot\s+1/);
    expect(text).toMatch(/Total meals\s+5/);
  });

  it('prints one label per portion on a 3 x 7 sheet, by stop', async () => {
    const pdf = await fetchPdf(northBody('meal_labels'));
    await writeFile('/tmp/mealrounds-labels.pdf', pdf);
    const pages = await extractPdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text.match(/Roast Chicken/g)).toHaveLength(3);
    expect(text.match(/North - Stop 1 - 07-12-2026/g)).toHaveLength(2);
    expect(text.match(/North - Stop 2 - 07-12-2026/g)).toHaveLength(3);
    expect(text).toContain('Gluten Free; No nuts');
    expect(text).toContain('Mains - Hot');
    expect(text).not.toContain('Eve Evans');
  });

  it('fills a second label sheet after 21 portions', async () => {
    // Carol's visits on 8 December: one cancelled (left out), one scheduled.
    const body: PrintRoundBody = {
      round: fixture.roundIds.east,
      date: '2026-12-08',
      format: 'driver',
      events: [
        { id: visit('Carol 2026-12-08 cancelled'), start: '10:10', end: '10:20' },
        { id: visit('Carol 2026-12-08 scheduled'), start: '10:30', end: '10:40' },
      ],
    };
    const text = await extractPdfText(await fetchPdf(body));
    expect(text).toContain('Stops: 1');
    expect(text).not.toContain('10:10-10:20');
    expect(text).toContain('1 x Roast Chicken');
  });

  it('prints the visits GET rounds/{id}/visits/{date} answers, sent back unchanged', async () => {
    const day = await t.call<Visit[]>('GET', `/api/rounds/${fixture.roundIds.north}/visits/2026-12-07`, {
      token,
    });
    expect(day.body.meta).toMatchObject({ error_code: 0 });
    expect(day.body.data.length).toBeGreaterThan(1);
    const body = {
      round: fixture.roundIds.north,
      date: '2026-12-07',
      format: 'driver',
      events: day.body.data,
    };
    const text = await extractPdfText(await fetchPdf(body));
    for (const shown of day.body.data.filter((stop) => stop.status !== 'cancelled'))
      expect(text).toContain(shown.client.name);
    // What print uses is still checked.
    const [first] = day.body.data;
    const badTime = await printRound({ ...body, events: [{ ...first, start: '25:00' }] });
    expect(badTime.body.meta).toMatchObject({ error_code: 2 });
    const unknownField = await printRound({ ...body, events: [{ ...first, colour: 'red' }] });
    expect(unknownField.status).toBe(400);
  });

  it('prints the travel total the rounds panel shows for the same round, the drive back to base included', async () => {
    const day = await t.call<Visit[]>('GET', `/api/rounds/${fixture.roundIds.north}/visits/2026-12-07`, {
      token,
    });
    // What the panel holds: a leg to each visit driven to and one back to the base; it sends print each stop's
    // leg (minutes rounded up) and the way back (web panel-model's buildPrintEvents and buildPrintReturn).
    const driven = day.body.data.filter(isDrivenTo);
    const drivenLegs: Leg[] = Array.from({ length: driven.length + 1 }, (_, index) => ({
      kms: 10.25 + index,
      mins: 20.4 + index,
    }));
    const panelTotals = formatRoundTravel(sumRoundTravel(drivenLegs));
    const toPrintLeg = (leg: Leg) => ({ mins: Math.ceil(leg?.mins ?? 0), kms: leg?.kms ?? 0 });
    const body = {
      round: fixture.roundIds.north,
      date: '2026-12-07',
      format: 'driver',
      events: driven.map((stop, index) => {
        const leg = toPrintLeg(drivenLegs[index] ?? null);
        return { id: stop.id, start: stop.start, end: stop.end, travel_mins: leg.mins, travel_kms: leg.kms };
      }),
      return_travel: toPrintLeg(drivenLegs.at(-1) ?? null),
    };
    const text = await extractPdfText(await fetchPdf(body));
    expect(text).toContain(`Travel: ${panelTotals}`);
    expect(panelTotals).not.toBe(formatRoundTravel(sumRoundTravel(drivenLegs.slice(0, -1))));
    const back = drivenLegs.at(-1);
    expect(text).toContain(`${String(Math.ceil(back?.mins ?? 0))} min`);
    const refused = await printRound({ ...body, return_travel: { mins: -1, kms: 2 } });
    expect(refused.body.meta).toMatchObject({ error_code: 2 });
  });

  it.each([
    { title: 'an unknown round', body: () => ({ ...northBody('driver'), round: 999999 }), status: 404 },
    {
      title: 'another account’s visit',
      body: () => ({ ...northBody('driver'), events: [{ id: otherVisitId, start: '09:00', end: '09:10' }] }),
      status: 404,
    },
    {
      title: 'a visit of another round',
      body: () => ({
        ...northBody('driver'),
        events: [{ id: visit('Carol 2026-12-07 scheduled'), start: '09:00', end: '09:10' }],
      }),
      status: 400,
    },
    {
      title: 'a visit of another date',
      body: () => ({
        ...northBody('driver'),
        events: [{ id: visit('Alice 2026-12-08 scheduled'), start: '09:00', end: '09:10' }],
      }),
      status: 400,
    },
    {
      title: 'a date that does not exist',
      body: () => ({ ...northBody('driver'), date: '2026-02-31' }),
      status: 400,
    },
    { title: 'an unknown format', body: () => ({ ...northBody('driver'), format: 'poster' }), status: 400 },
    { title: 'an unknown field', body: () => ({ ...northBody('driver'), extra: 1 }), status: 400 },
  ])('refuses $title ($status)', async ({ body, status }) => {
    const result = await printRound(body());
    expect(result.status).toBe(status);
    expect(result.body.meta.error_code).toBe(status === 404 ? 5 : 2);
  });

  it('answers 401 without a login', async () => {
    const result = await t.call('POST', '/api/print/round', { body: northBody('driver') });
    expect(result.status).toBe(401);
  });
});
