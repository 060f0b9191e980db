import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientImportResult } from '../../../contracts/client-import';
import type { Envelope } from '../../../contracts/envelope';
import { clients } from '../../db/schema/clients';
import { clientFundingProfiles } from '../../db/schema/funding';
import { auditLog } from '../../db/schema/messages';
import { mapsFailed } from '../../integrations/maps/maps-provider';
import { createOfflineProvider } from '../../integrations/maps/offline-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClientsAccount, fixedNow } from '../../testing/clients-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => fixedNow });
});
afterAll(async () => t.close());

const header =
  'external_id,name,phone,address,city,state,zip,round,plan,labels,dietary_requirements,delivery_instructions,' +
  'programme,fee_per_meal_cents,birth_date,is_birth_date_estimate,gender_code,country_of_birth_code,' +
  'language_code,atsi_code,dva_card_status_code,accommodation_type_code,household_composition_code,has_carer,' +
  'has_disabilities,consent_to_provide_details,consented_for_future_contacts';
const mary =
  'C-1,Mary Jones,+61 2 9555 0101,14 Smith Street,Newtown,NSW,2042,North,MTW-F--,Gluten Free;Vegetarian,' +
  '"Soft food, no nuts","Ring twice\nside door",CHSP,850,01-03-1940,no,FEMALE,1101,1201,NO,NOCARD,OWNED,ALONE,,' +
  'no,yes,no';
const bo = 'C-2,Bo Ng,,1 Nowhere Lane,Atlantis,,,,-----SS,,,,,,,,,,,,,,,,,,';
const file = (...rows: string[]) => `${[header, ...rows].join('\r\n')}\r\n`;

/** An account without a CRM (chosen at its creation), with rounds North and South and two labels. */
function setUpLocal(name: string, list: Parameters<typeof createClientsAccount>[2] = []) {
  return createClientsAccount(t, name, list, { sourceSystem: 'none' });
}

async function postImport(token: string | null, body: string, dryRun: boolean, app = t) {
  const answer = await app.server.inject({
    method: 'POST',
    url: `/api/clients/import?dry_run=${String(dryRun)}`,
    headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: answer.statusCode, body: answer.json<Envelope<ClientImportResult>>() };
}

async function readClients(accountId: number) {
  return t.db.select().from(clients).where(eq(clients.accountId, accountId)).orderBy(clients.externalId);
}

describe('POST /api/clients/import', () => {
  it('checks a file in a dry run and changes nothing', async () => {
    const s = await setUpLocal('Import Dry Run');
    const answer = await postImport(s.token, file(mary, bo), true);
    expect(answer.status).toBe(200);
    expect(answer.body.meta.message).toBe('Checked 2 rows.');
    expect(answer.body.data).toEqual({
      dry_run: true,
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [],
      warnings: [],
    });
    expect(await readClients(s.accountId)).toEqual([]);
  });

  it('imports the rows, places addresses (warning for one it cannot), audits, and changes nothing the second time', async () => {
    const s = await setUpLocal('Import Real');
    const answer = await postImport(s.token, file(mary, bo), false);
    expect(answer.body.meta.message).toBe('Imported 2 rows.');
    expect(answer.body.data).toEqual({
      dry_run: false,
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [],
      warnings: [
        {
          row: 3,
          field: 'address',
          message:
            "The address '1 Nowhere Lane, Atlantis' cannot be placed on the map: check it on the client screen.",
        },
      ],
    });
    const [first, second] = await readClients(s.accountId);
    expect(first).toMatchObject({
      externalId: 'C-1',
      name: 'Mary Jones',
      phone: '+61 2 9555 0101',
      roundId: s.rounds.north.id,
      planDow: [1, 1, 1, 0, 1, 0, 0],
      labels: ['Gluten Free', 'Vegetarian'],
      dietaryRequirements: 'Soft food, no nuts',
      deliveryInstructions: 'Ring twice\nside door',
      isAddressUnplaced: false,
      isHidden: false,
    });
    expect(first?.sourceId).toMatch(/^local-/);
    expect(first?.latitude).toBeCloseTo(-33.8976, 3);
    expect(second).toMatchObject({ externalId: 'C-2', latitude: null, isAddressUnplaced: true });
    const [profile] = await t.db
      .select()
      .from(clientFundingProfiles)
      .where(eq(clientFundingProfiles.clientId, first?.id ?? 0));
    expect(profile).toMatchObject({
      programme: 'CHSP',
      feePerMealCents: 850,
      birthDate: '1940-03-01',
      genderCode: 'FEMALE',
      hasCarer: null,
      consentToProvideDetails: true,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, s.accountId), eq(auditLog.action, 'client.import')));
    expect(audits.map((entry) => entry.detail)).toEqual([{ rows: 2, created: 2, updated: 0, errors: 0 }]);

    const again = await postImport(s.token, file(mary, bo), false);
    expect(again.body.data).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await readClients(s.accountId)).toEqual([first, second]);
  });

  it('updates only what differs, and leaves out the columns a file does not have', async () => {
    const s = await setUpLocal('Import Update');
    await postImport(s.token, file(mary), false);
    const before = (await readClients(s.accountId))[0];
    const answer = await postImport(
      s.token,
      'external_id,name,plan\r\nc-1,Mary Jones-Smith,MTW-F--\r\n',
      false,
    );
    expect(answer.body.data).toMatchObject({ rows: 1, created: 0, updated: 1, unchanged: 0 });
    const [after] = await readClients(s.accountId);
    expect(after).toMatchObject({
      ...before,
      externalId: 'c-1',
      name: 'Mary Jones-Smith',
      updatedAt: fixedNow,
    });
  });

  it('applies the good rows and reports the bad one with its row and field', async () => {
    const s = await setUpLocal('Import Bad Row');
    const bad = 'C-3,Al Smith,,,,,,Nowhere Round,MTWX---,Vegan,,,,,,,,,,,,,,,,,';
    const answer = await postImport(s.token, file(mary, bad, bo), false);
    expect(answer.body.meta.error_code).toBe(0);
    expect(answer.body.data).toMatchObject({ rows: 3, created: 2, updated: 0, unchanged: 0 });
    expect(answer.body.data.errors).toEqual([
      { row: 3, field: 'round', message: "Unknown round 'Nowhere Round'." },
      { row: 3, field: 'plan', message: 'Use seven letters from Monday, a dash for no delivery: MTW-F--.' },
      { row: 3, field: 'labels', message: "Unknown label 'Vegan'." },
    ]);
    expect((await readClients(s.accountId)).map((client) => client.externalId)).toEqual(['C-1', 'C-2']);

    const fixed = await postImport(
      s.token,
      file(mary, bad.replace('Nowhere Round,MTWX---,Vegan', 'South,MTW----,'), bo),
      false,
    );
    expect(fixed.body.data).toMatchObject({ rows: 3, created: 1, unchanged: 2, errors: [] });
  });

  it('refuses a row whose external id belongs to a hidden client, or is on two rows of the file', async () => {
    const s = await setUpLocal('Import Hidden', [{ name: 'Old Client', externalId: 'C-1', isHidden: true }]);
    const answer = await postImport(s.token, file(mary, bo, bo.replace('Bo Ng', 'Bo Nguyen')), false);
    expect(answer.body.data).toMatchObject({ rows: 3, created: 0, updated: 0 });
    expect(answer.body.data.errors.map((error) => [error.row, error.field])).toEqual([
      [2, 'external_id'],
      [3, 'external_id'],
      [4, 'external_id'],
    ]);
    expect((await readClients(s.accountId)).map((client) => client.name)).toEqual(['Old Client']);
  });

  it('imports a file whose maps provider fails, with a warning and no place', async () => {
    const offline = createOfflineProvider({ speedKmh: 30 });
    const app = await createTestApp(
      {},
      {
        now: () => fixedNow,
        routing: {
          mapsProvider: { ...offline, geocode: () => Promise.reject(mapsFailed('osrm', 'it answered 503.')) },
        },
      },
    );
    try {
      const s = await createClientsAccount(app, 'Import Maps Down', []);
      await app.call('PUT', `/api/accounts/${String(s.accountId)}`, {
        token: s.adminToken,
        body: { source_system: 'none' },
      });
      const answer = await postImport(s.token, file(mary), false, app);
      expect(answer.body.data).toMatchObject({ created: 1, errors: [] });
      expect(answer.body.data.warnings).toEqual([
        {
          row: 2,
          field: 'address',
          message: 'The maps could not be reached, so the address is not on the map yet.',
        },
      ]);
      const [row] = await app.db.select().from(clients).where(eq(clients.accountId, s.accountId));
      expect(row).toMatchObject({ latitude: null, isAddressUnplaced: false });
    } finally {
      await app.close();
    }
  });

  it('answers code 6 for an account whose clients come from a CRM, and changes nothing', async () => {
    const s = await createClientsAccount(t, 'Import CRM', []);
    const answer = await postImport(s.adminToken, file(mary), false);
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({
      error_code: 6,
      message: "This account's clients come from its CRM: add and change them there.",
    });
    expect(await readClients(s.accountId)).toEqual([]);
  });

  it('refuses a file that is not UTF-8, not CSV, empty, or without the required columns (code 2)', async () => {
    const s = await setUpLocal('Import Bad File');
    const latin1 = await t.server.inject({
      method: 'POST',
      url: '/api/clients/import?dry_run=false',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${s.token}` },
      payload: Buffer.from('external_id,name\r\nC-1,Ren\xe9e\r\n', 'latin1'),
    });
    expect(latin1.json<Envelope<null>>().meta).toMatchObject({
      error_code: 2,
      message: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again.',
    });
    const unclosed = await postImport(s.token, 'external_id,name\r\nC-1,"Mary\r\n', false);
    expect(unclosed.body.meta.error_code).toBe(2);
    expect(unclosed.body.meta.message).toMatch(/^The file is not valid CSV: /);
    const empty = await postImport(s.token, '', false);
    expect(empty.body.meta.error_code).toBe(2);
    const noName = await postImport(s.token, 'external_id,nmae\r\nC-1,Mary\r\n', false);
    expect(noName.body.meta).toMatchObject({
      error_code: 2,
      message: "Unknown column 'nmae'.",
      errors: [
        { field: 'column 2', message: "Unknown column 'nmae'." },
        { field: 'name', message: 'The file needs a name column.' },
      ],
    });
    const badQuery = await postImport(s.token, file(mary), 'maybe' as unknown as boolean);
    expect(badQuery.body.meta.error_code).toBe(2);
    expect(await readClients(s.accountId)).toEqual([]);
  });

  it('answers code 3 without a session', async () => {
    const answer = await postImport(null, file(mary), true);
    expect(answer.body.meta.error_code).toBe(3);
  });

  it("leaves another account's clients with the same external ids alone", async () => {
    const other = await setUpLocal('Import Other', [{ name: 'Other Mary', externalId: 'C-1' }]);
    const s = await setUpLocal('Import Mine');
    const answer = await postImport(s.token, file(mary), false);
    expect(answer.body.data).toMatchObject({ created: 1, updated: 0 });
    expect((await readClients(other.accountId)).map((client) => client.name)).toEqual(['Other Mary']);
  });
});

describe('GET /api/clients/export.csv', () => {
  async function getExport(token: string | null) {
    return t.server.inject({
      method: 'GET',
      url: '/api/clients/export.csv',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  it('writes the listed clients in the import columns, and importing the export changes nothing', async () => {
    const s = await setUpLocal('Export Round Trip', [{ name: 'Gone', externalId: 'C-9', isHidden: true }]);
    await postImport(s.token, file(mary, bo), false);
    const answer = await getExport(s.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    const text = answer.body;
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines[1]).toBe("C-2,Bo Ng,,1 Nowhere Lane,Atlantis,,,,'-----SS,,,,,0,,no,,,,,,,,,no,no,no");
    expect(text).toContain("C-1,Mary Jones,'+61 2 9555 0101,14 Smith Street,Newtown,NSW,2042,North,MTW-F--");
    expect(text).not.toContain('Gone');
    const reimported = await postImport(s.token, text, false);
    expect(reimported.body.data).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
  });

  it('answers code 3 without a session', async () => {
    const answer = await getExport(null);
    expect(answer.json<Envelope<null>>().meta.error_code).toBe(3);
  });
});
