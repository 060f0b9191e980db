import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../contracts/alerts';
import type { DriverLink, DriverRun } from '../../contracts/driver';
import type { Envelope } from '../../contracts/envelope';
import type { RunningSimulator } from '../integrations/alayacare/simulator/start-simulator';
import { accounts } from '../db/schema/accounts';
import { clients, visits } from '../db/schema/clients';
import { clientMealChoices, meals } from '../db/schema/meals';
import {
  listRosterSampleCalls,
  seedRosterSamples,
  type RosterSamples,
} from '../features/drivers/openapi-samples';
import {
  listVolunteerSampleCalls,
  seedVolunteerSamples,
  type VolunteerSamples,
} from '../features/drivers/volunteer/openapi-samples';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createRoundAccountWithSimulator } from '../testing/test-source';
import { openApiPath } from './openapi-route';
import { toOpenApiPath, type OpenApiDocument } from './openapi';

let t: TestApp;
let simulator: RunningSimulator;
let document: OpenApiDocument;
let adminToken: string;
let sample: {
  accountId: number;
  roundId: number;
  clientId: number;
  driverToken: string;
  visitId: number;
  alertId: number;
  dayPlanJobId: string;
  contactId: number;
  /** An admin of an account without a CRM, which adds clients itself. */
  noSourceToken: string;
  roster: RosterSamples;
  volunteer: VolunteerSamples;
  /** A user of an account without a CRM (the clients import is theirs only). */
  localToken: string;
};

const today = '2026-11-18';
/** The simulator's today, so a driver link can be made for its day (a run already over has none). */
const now = () => new Date('2026-11-18T03:00:00Z');
/** The reports take the screens' day order. */
const reportDay = '18-11-2026';

beforeAll(async () => {
  t = await createTestApp({}, { now });
  const setup = await createRoundAccountWithSimulator(t, { today });
  simulator = setup.simulator;
  adminToken = setup.adminToken;
  const clients = await t.call<{ client_id: number }[]>('GET', '/api/clients', { token: adminToken });
  const clientId = clients.body.data[0]?.client_id;
  if (clientId === undefined) throw new Error('no client synced');
  // A driver link with a not-home outcome on its run, so the driver and alert routes have real answers.
  await t.call('GET', `/api/rounds/${String(setup.roundId)}/visits/${today}?refresh=true`, {
    token: adminToken,
  });
  const link = await t.call<DriverLink>('POST', `/api/rounds/${String(setup.roundId)}/driver_link`, {
    token: adminToken,
    body: { date: today },
  });
  const driverToken = link.body.data.url.replace('/driver/', '');
  const run = await t.call<DriverRun>('GET', `/api/driver/${driverToken}/run`);
  const visitId = run.body.data.stops[0]?.visit_id;
  if (visitId === undefined) throw new Error('no stop on the run');
  await t.call('POST', `/api/driver/${driverToken}/outcomes`, {
    body: [
      {
        id: crypto.randomUUID(),
        visit_id: visitId,
        outcome: 'not_home',
        note: '',
        recorded_at: now().toISOString(),
      },
    ],
  });
  const alerts = await t.call<Alert[]>('GET', '/api/alerts', { token: adminToken });
  const alertId = alerts.body.data[0]?.id;
  if (alertId === undefined) throw new Error('no alert opened');
  const dayPlanJob = await t.call<{ id: string }>('POST', '/api/day_plans/2026-11-19/jobs', {
    token: adminToken,
    body: { rounds: [{ id: setup.roundId, capacity: null }] },
  });
  const contact = await t.call<{ id: number }>('POST', `/api/clients/${String(clientId)}/contacts`, {
    token: adminToken,
    body: { name: 'Sample Contact', phone: '0412 345 678' },
  });
  await seedDeliveredMonth(setup.account.id, clientId);
  const noSource = await t.createAccount('No CRM samples');
  await t.db.update(accounts).set({ sourceSystem: 'none' }).where(eq(accounts.id, noSource.account.id));
  sample = {
    noSourceToken: await t.login(noSource.admin.username),
    contactId: contact.body.data.id,
    accountId: setup.account.id,
    roundId: setup.roundId,
    clientId,
    driverToken,
    visitId,
    alertId,
    dayPlanJobId: dayPlanJob.body.data.id,
    localToken: await createLocalAccount(),
    roster: await seedRosterSamples(t, adminToken, setup.roundId),
    volunteer: await seedVolunteerSamples(t, adminToken, setup.roundId),
  };
  const answer = await t.server.inject({ method: 'GET', url: openApiPath });
  document = answer.json();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

/** An account that keeps its clients in MealRounds (no CRM): its admin's token. */
async function createLocalAccount(): Promise<string> {
  const { account, admin } = await t.createAccount('OpenAPI Local');
  const token = await t.login(admin.username);
  await t.call('PUT', `/api/accounts/${String(account.id)}`, { token, body: { source_system: 'none' } });
  return token;
}

/** A meal delivered to the client in October 2026, so the month can be closed and exported to DEX. */
async function seedDeliveredMonth(accountId: number, clientId: number) {
  const [meal] = await t.db
    .insert(meals)
    .values({ accountId, key: 'openapi-roast', description: 'Roast' })
    .returning({ id: meals.id });
  await t.db
    .insert(clientMealChoices)
    .values({ accountId, clientId, date: '2026-10-05', mealId: meal?.id ?? 0, quantity: 2 });
  await t.db.insert(visits).values({
    accountId,
    clientId,
    sourceId: 'openapi-october',
    date: '2026-10-05',
    startAt: new Date('2026-10-04T23:00:00Z'),
    endAt: new Date('2026-10-04T23:30:00Z'),
    status: 'completed',
    timezone: 'Australia/Sydney',
  });
  await t.db
    .update(clients)
    .set({ city: 'Newtown', state: 'NSW', zip: '2042' })
    .where(eq(clients.id, clientId));
}

/** A real call for each route that declares the shape of its answer: the answer must match the document. */
function sampleCalls(): Record<
  string,
  { url: string; body?: unknown; token?: string; csv?: { token: string } }
> {
  const { accountId, roundId, clientId, driverToken, visitId, alertId, dayPlanJobId, contactId } = sample;
  const contacts = `/api/clients/${String(clientId)}/contacts`;
  const driverLink = `/api/rounds/${String(roundId)}/driver_link`;
  // Revoking and emailing use the next day, so the sample run's link keeps working.
  const nextDay = '2026-11-19';
  return {
    ...listRosterSampleCalls(sample.roster),
    ...listVolunteerSampleCalls(sample.volunteer),
    'GET /api/config': { url: '/api/config' },
    'GET /api/tags': { url: '/api/tags' },
    'GET /api/visits/tags': { url: '/api/visits/tags' },
    'GET /api/service_codes': { url: '/api/service_codes' },
    'GET /api/premiums': { url: '/api/premiums' },
    'GET /api/reports/kitchen_prep/week': { url: `/api/reports/kitchen_prep/week?date=${reportDay}` },
    'GET /api/reports/kitchen_prep/day': { url: `/api/reports/kitchen_prep/day?date=${reportDay}` },
    'GET /api/reports/meal_choices': { url: `/api/reports/meal_choices?date=${reportDay}` },
    'GET /api/reports/next_delivery_day': { url: '/api/reports/next_delivery_day' },
    'GET /api/reports/holds': { url: `/api/reports/holds?date=${reportDay}` },
    'POST /api/reports/packing_list': {
      url: '/api/reports/packing_list',
      body: { date: reportDay, categories: {} },
    },
    'POST /api/reports/delivery_by_client': {
      url: '/api/reports/delivery_by_client',
      body: { date: reportDay },
    },
    'POST /api/reports/delivery_by_category': {
      url: '/api/reports/delivery_by_category',
      body: { date: reportDay },
    },
    'GET /api/route_automation/runs': { url: '/api/route_automation/runs' },
    'POST /api/route_automation/preview': { url: '/api/route_automation/preview', body: {} },
    'GET /api/users': { url: '/api/users' },
    'GET /api/settings/messaging': { url: '/api/settings/messaging' },
    'PUT /api/settings/messaging': { url: '/api/settings/messaging', body: { provider: 'none' } },
    'POST /api/settings/messaging/test': {
      url: '/api/settings/messaging/test',
      body: { to: '0491 570 157' },
    },
    'POST /api/messages': { url: '/api/messages', body: { client_id: clientId, text: 'Hello' } },
    'GET /api/messages': { url: `/api/messages?client_id=${String(clientId)}` },
    'GET /api/accounts/:id': { url: `/api/accounts/${String(accountId)}` },
    'GET /api/clients': { url: '/api/clients' },
    'POST /api/clients': {
      url: '/api/clients',
      body: { name: 'Sam Sample', address: '14 Smith Street', city: 'Newtown', state: 'NSW', zip: '2042' },
      token: sample.noSourceToken,
    },
    'GET /api/clients/:id': { url: `/api/clients/${String(clientId)}` },
    'PUT /api/clients/:id': {
      url: `/api/clients/${String(clientId)}`,
      body: {
        round: '',
        labels: [],
        dietary_requirements: '',
        plan: '',
        plan_dow: [0, 0, 0, 0, 0, 0, 0],
        delivery_instructions: '',
        allergies: ['milk'],
      },
    },
    'POST /api/clients/import': {
      url: '/api/clients/import?dry_run=false',
      body: 'external_id,name,plan\r\nC-1,Mary Jones,MTW-F--\r\n',
      csv: { token: sample.localToken },
    },
    'GET /api/clients/:id/prev_next': { url: `/api/clients/${String(clientId)}/prev_next` },
    'GET /api/rounds/:round/visits/:date': { url: `/api/rounds/${String(roundId)}/visits/${today}` },
    'GET /api/source_writes': { url: '/api/source_writes' },
    'GET /api/cancel_codes': { url: '/api/cancel_codes' },
    'POST /api/reports/delivery_outcomes': { url: '/api/reports/delivery_outcomes', body: {} },
    'POST /api/rounds/:round/driver_link': { url: driverLink, body: { date: today } },
    'GET /api/rounds/:round/driver_link': { url: `${driverLink}?date=${today}` },
    'DELETE /api/rounds/:round/driver_link': { url: `${driverLink}?date=${nextDay}` },
    'POST /api/rounds/:round/driver_link/email': {
      url: `${driverLink}/email`,
      body: { date: nextDay, to: 'driver@example.com' },
    },
    'GET /api/driver/:token/run': { url: `/api/driver/${driverToken}/run` },
    'POST /api/driver/:token/start': { url: `/api/driver/${driverToken}/start`, body: {} },
    'POST /api/driver/:token/outcomes': {
      url: `/api/driver/${driverToken}/outcomes`,
      body: [
        {
          id: crypto.randomUUID(),
          visit_id: visitId,
          outcome: 'concern',
          note: '',
          recorded_at: now().toISOString(),
        },
      ],
    },
    'POST /api/day_plans/:date/jobs': {
      url: `/api/day_plans/${nextDay}/jobs`,
      body: { rounds: [{ id: roundId, capacity: null }] },
    },
    'GET /api/day_plans/jobs/:job': { url: `/api/day_plans/jobs/${dayPlanJobId}` },
    'DELETE /api/day_plans/jobs/:job': { url: `/api/day_plans/jobs/${dayPlanJobId}` },
    'GET /api/day_plans/:date': { url: `/api/day_plans/${nextDay}` },
    'PUT /api/day_plans/:date': {
      url: `/api/day_plans/${nextDay}`,
      body: { routes: [{ round_id: roundId, visit_ids: [] }] },
    },
    'DELETE /api/day_plans/:date': { url: `/api/day_plans/${nextDay}` },
    'GET /api/clients/:id/contacts': { url: contacts },
    'POST /api/clients/:id/contacts': { url: contacts, body: { name: 'Jo Helper', email: 'jo@example.com' } },
    'PUT /api/clients/:id/contacts/:contact_id': {
      url: `${contacts}/${String(contactId)}`,
      body: { relationship: 'Neighbour', priority: 1 },
    },
    'DELETE /api/clients/:id/contacts/:contact_id': { url: `${contacts}/${String(contactId)}` },
    'GET /api/clients/:id/funding': { url: `/api/clients/${String(clientId)}/funding` },
    'PUT /api/clients/:id/funding': {
      url: `/api/clients/${String(clientId)}/funding`,
      body: {
        programme: 'CHSP',
        fee_per_meal_cents: 850,
        birth_date: '01-03-1940',
        is_birth_date_estimate: false,
        gender_code: 'FEMALE',
        country_of_birth_code: '1101',
        language_code: '1201',
        atsi_code: 'NO',
        dva_card_status_code: null,
        accommodation_type_code: null,
        household_composition_code: null,
        has_carer: null,
        has_disabilities: false,
        consent_to_provide_details: true,
        consented_for_future_contacts: false,
      },
    },
    'GET /api/funding/codes': { url: '/api/funding/codes' },
    'PUT /api/funding/codes/:list': {
      url: '/api/funding/codes/household_composition',
      body: { codes: [{ code: 'ALONE', description: 'Lives alone' }] },
    },
    'POST /api/months/:month/close': { url: '/api/months/10-2026/close' },
    'DELETE /api/months/:month/close': { url: '/api/months/10-2026/close', body: { reason: 'A sample' } },
    'GET /api/reports/funder_monthly': { url: '/api/reports/funder_monthly?month=10-2026' },
    'POST /api/exports/dex': {
      url: '/api/exports/dex',
      body: { month: '10-2026', outlet_activity_id: 1234, service_type_id: 7 },
    },
    'GET /api/exports/dex/settings': { url: '/api/exports/dex/settings' },
    'GET /api/alerts': { url: '/api/alerts?status=open' },
    'GET /api/alerts/count': { url: '/api/alerts/count' },
    'GET /api/alerts/:id': { url: `/api/alerts/${String(alertId)}` },
    'POST /api/alerts/:id/attempts': {
      url: `/api/alerts/${String(alertId)}/attempts`,
      body: { channel: 'phone', to: 'The client', result: 'no_answer', note: 'Rang out' },
    },
    'PUT /api/alerts/:id': {
      url: `/api/alerts/${String(alertId)}`,
      body: { status: 'resolved', outcome: 'family', note: 'Called the family' },
    },
    'GET /api/settings/welfare': { url: '/api/settings/welfare' },
    'PUT /api/settings/welfare': {
      url: '/api/settings/welfare',
      body: {
        steps: [
          { after_minutes: 0, action: 'call_client' },
          { after_minutes: 20, action: 'message_contacts' },
        ],
        check_outcomes: ['not_home'],
        managers: [{ name: 'Sam Lee', email: 'sam@example.com', phone: '0412 345 678' }],
      },
    },
    'GET /api/reports/welfare': { url: '/api/reports/welfare?month=11-2026' },
  };
}

/** A POST of a CSV file (the clients import), answered like `t.call`. */
async function callWithCsv(url: string, body: string, token: string) {
  const answer = await t.server.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: body,
  });
  return { status: answer.statusCode, body: answer.json<Envelope<unknown>>() };
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing exactly the routes the app serves', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = t.routes.map((route) => `${String(route.method)} ${toOpenApiPath(route.url)}`);
    expect([...documented].sort()).toEqual([...served].sort());
  });

  it('describes path parameters, bodies and who may call each route', () => {
    const clientPath = document.paths['/api/clients/{id}'];
    expect(clientPath?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    expect(clientPath?.put?.requestBody?.content['application/json']?.schema).toBeDefined();
    expect(clientPath?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/users/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/print/files/{token}']?.get?.responses['200']?.content).toHaveProperty(
      'application/pdf',
    );
  });

  it('holds only schemas a JSON Schema 2020-12 validator accepts', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemas = [
          ...operation.parameters.map((parameter) => parameter.schema),
          ...Object.values(operation.requestBody?.content ?? {}).map((content) => content.schema),
        ];
        for (const schema of schemas) {
          expect(() => ajv.compile(schema), `${method} ${path}`).not.toThrow();
        }
      }
    }
  });

  // One real call per route, on a machine other test files share: given well past the default 30 s.
  it('matches the real answers of every route that declares its answer', async () => {
    const calls = sampleCalls();
    const declared = t.routes
      .filter((route) => route.answer.kind === 'envelope' && route.answer.data)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect([...declared].sort()).toEqual(Object.keys(calls).sort());

    // With the formats, a uuid, date-time or email in an answer is checked too, not only its type.
    const ajv = addFormats(new Ajv2020({ strict: false }));
    const mismatches: string[] = [];
    for (const route of t.routes.filter((each) => declared.includes(`${String(each.method)} ${each.url}`))) {
      const key = `${String(route.method)} ${route.url}`;
      const call = calls[key];
      if (!call) throw new Error(`no sample call for ${key}`);
      const answer = call.csv
        ? await callWithCsv(call.url, String(call.body), call.csv.token)
        : await t.call(route.method as 'GET' | 'POST' | 'PUT' | 'DELETE', call.url, {
            token: call.token ?? adminToken,
            ...(call.body === undefined ? {} : { body: call.body }),
          });
      expect(answer.body.meta.error_code, `${key}: ${answer.body.meta.message}`).toBe(0);
      const operation = document.paths[toOpenApiPath(route.url)]?.[String(route.method).toLowerCase()];
      const schema = operation?.responses['200']?.content['application/json']?.schema;
      // The answer's schema refers to the document's shared schemas (#/components/...): compile it beside them.
      const validate = ajv.compile({ ...schema, components: document.components });
      if (!validate(answer.body as Envelope<unknown>)) {
        const [first] = validate.errors ?? [];
        mismatches.push(
          `${key}: ${first?.instancePath ?? ''} ${first?.message ?? ''} ${JSON.stringify(first?.params)}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
