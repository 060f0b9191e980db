import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DexExport, DexSettings } from '../../../contracts/funding';
import { clients } from '../../db/schema/clients';
import { getCheckedDexSchemaPath } from '../../integrations/dex/dex-schema';
import { createXmllintCheck, type CheckXmlSchema } from '../../integrations/dex/xml-schema-check';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedReportFixture } from '../../testing/reports-fixture';

/*
 * The report fixture in December 2026 (Perth): Alice has meals delivered on 01-12 (2) and 07-12 (3), Bob on 07-12
 * (2). Both are CHSP; Alice's details are complete, Bob's lack a gender and a postcode. The schema check is
 * xmllint's unless a test swaps it.
 */
const xmllint = createXmllintCheck();
let check: CheckXmlSchema = xmllint;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { now: () => new Date('2027-01-05T02:00:00Z'), checkXmlSchema: (xml, path) => check(xml, path) },
  );
});
afterAll(async () => t.close());

const complete = {
  programme: 'CHSP',
  fee_per_meal_cents: 850,
  birth_date: '01-03-1940',
  is_birth_date_estimate: true,
  gender_code: 'FEMALE',
  country_of_birth_code: '1101',
  language_code: '1201',
  atsi_code: 'NO',
  dva_card_status_code: null,
  accommodation_type_code: 'OWNED',
  household_composition_code: null,
  has_carer: true,
  has_disabilities: false,
  consent_to_provide_details: true,
  consented_for_future_contacts: false,
};

async function setUp(name: string) {
  const { account, user } = await t.createAccount(name);
  const token = await t.login(user.username);
  const fixture = await seedReportFixture(t.db, account.id);
  const fund = (client: string, body: Record<string, unknown>) =>
    t.call('PUT', `/api/clients/${String(fixture.clientIds[client])}/funding`, {
      token,
      body: { ...complete, ...body },
    });
  await fund('Alice', {});
  await fund('Bob', { gender_code: null, fee_per_meal_cents: 700 });
  await fund('Carol', { programme: 'private' });
  return { token, fixture };
}

const body = { month: '12-2026', outlet_activity_id: 41234, service_type_id: 7 };

describe('DEX export API', () => {
  it('writes one Session per CHSP client and delivery date, valid against the DEX schema; Bob is left out', async () => {
    check = xmllint;
    const { token, fixture } = await setUp('Dex Export');
    const alice = String(fixture.clientIds.Alice);
    const bob = fixture.clientIds.Bob ?? 0;
    const answer = await t.call<DexExport>('POST', '/api/exports/dex', { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ clients: 1, cases: 1, sessions: 2 });
    expect(answer.body.data.warnings).toEqual([
      { client_id: bob, field: 'gender_code', message: 'Gender is missing.' },
      { client_id: bob, field: 'city', message: 'The suburb is missing.' },
      { client_id: bob, field: 'state', message: 'The state is missing.' },
      { client_id: bob, field: 'zip', message: 'The postcode must be 4 digits.' },
    ]);

    const file = await t.server.inject({ method: 'GET', url: answer.body.data.url });
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="dex-2026-12.xml"');
    const xml = file.body;
    // Checked again here with xmllint itself, outside the product.
    writeFileSync('/tmp/mealrounds-dex-export.xml', xml);
    execFileSync(
      'xmllint',
      ['--noout', '--schema', await getCheckedDexSchemaPath(), '/tmp/mealrounds-dex-export.xml'],
      {
        stdio: 'pipe',
      },
    );
    expect(xml).toContain(`<ClientId>${alice}</ClientId><Slk>RCELI010319402</Slk>`);
    expect(xml).toContain('<GivenName>Alice</GivenName><FamilyName>Archer</FamilyName>');
    expect(xml).toContain(
      '<BirthDate>1940-03-01</BirthDate><IsBirthDateAnEstimate>true</IsBirthDateAnEstimate>',
    );
    expect(xml).toContain('<Suburb>Perth</Suburb><StateCode>WA</StateCode><Postcode>6000</Postcode>');
    expect(xml).toContain(`<CaseId>${alice}-41234</CaseId><OutletActivityId>41234</OutletActivityId>`);
    expect(xml).toContain(
      `<SessionId>${alice}-2026-12-01</SessionId><CaseId>${alice}-41234</CaseId><SessionDate>2026-12-01</SessionDate><ServiceTypeId>7</ServiceTypeId><TotalNumberOfUnidentifiedClients>0</TotalNumberOfUnidentifiedClients><FeesCharged>17.00</FeesCharged>`,
    );
    expect(xml).toContain(
      '<ParticipationCode>CLIENT</ParticipationCode></SessionClient></SessionClients><Quantity>3</Quantity>',
    );
    expect(xml).not.toContain(`<ClientId>${String(bob)}</ClientId>`);

    const settings = await t.call<DexSettings>('GET', '/api/exports/dex/settings', { token });
    expect(settings.body.data).toEqual({ outlet_activity_id: 41234, service_type_id: 7 });
  });

  it('leaves out names and address lines without consent to provide details', async () => {
    check = xmllint;
    const { token, fixture } = await setUp('Dex No Consent');
    await t.call('PUT', `/api/clients/${String(fixture.clientIds.Alice)}/funding`, {
      token,
      body: { ...complete, consent_to_provide_details: false },
    });
    const answer = await t.call<DexExport>('POST', '/api/exports/dex', { token, body });
    const xml = (await t.server.inject({ method: 'GET', url: answer.body.data.url })).body;
    expect(xml).not.toContain('<GivenName>');
    expect(xml).not.toContain('<AddressLine1>');
    expect(xml).toContain('<Slk>RCELI010319402</Slk>');
  });

  it('offers no file when the schema check fails or cannot run, and says why', async () => {
    const { token } = await setUp('Dex Check');
    check = () =>
      Promise.resolve({ kind: 'invalid', messages: ['-:3: element Slk: Schemas validity error'] });
    const invalid = await t.call('POST', '/api/exports/dex', { token, body });
    expect(invalid.status).toBe(500);
    expect(invalid.body.meta.message).toBe(
      'The DEX file did not pass the schema check, so it is not offered: -:3: element Slk: Schemas validity error',
    );
    check = createXmllintCheck('/nonexistent/xmllint');
    const missing = await t.call('POST', '/api/exports/dex', { token, body });
    expect(missing.status).toBe(503);
    expect(missing.body.meta.message).toContain('xmllint (Debian package libxml2-utils) is not installed');
    expect((await t.call<DexSettings>('GET', '/api/exports/dex/settings', { token })).body.data).toEqual({
      outlet_activity_id: null,
      service_type_id: null,
    });
    check = xmllint;
  });

  it('answers code 6 when no CHSP client had meals delivered, with the clients left out', async () => {
    check = xmllint;
    const { token, fixture } = await setUp('Dex Nothing');
    await t.db
      .update(clients)
      .set({ zip: '' })
      .where(eq(clients.id, fixture.clientIds.Alice ?? 0));
    const none = await t.call('POST', '/api/exports/dex', { token, body });
    expect(none.status).toBe(409);
    expect(none.body.meta.message).toContain('Nothing to export for 12-2026');
    expect(none.body.meta.errors).toContainEqual({
      field: `clients.${String(fixture.clientIds.Alice)}.zip`,
      message: 'The postcode must be 4 digits.',
    });
    const november = await t.call('POST', '/api/exports/dex', { token, body: { ...body, month: '11-2026' } });
    expect(november.body.meta.error_code).toBe(6);
  });

  it('refuses bad bodies with code 2 and needs a login', async () => {
    const { token } = await setUp('Dex Invalid');
    const bad = await t.call('POST', '/api/exports/dex', {
      token,
      body: { ...body, outlet_activity_id: -1, month: '2026-12' },
    });
    expect(bad.body.meta.error_code).toBe(2);
    expect(bad.body.meta.errors?.map((error) => error.field).sort()).toEqual(['month', 'outlet_activity_id']);
    expect((await t.call('POST', '/api/exports/dex', { body })).status).toBe(401);
  });
});
