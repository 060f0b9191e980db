import { CsvError, parse } from 'csv-parse/sync';
import { keepsClientsLocally, type SourceSystemName } from '../../../contracts/accounts';
import type { ClientImportProblemItem, ClientImportResult } from '../../../contracts/client-import';
import {
  fundingCodeFields,
  fundingProgrammeLabels,
  fundingProgrammes,
  type FundingCodes,
} from '../../../contracts/funding';
import {
  clientImportColumns,
  formatImportCells,
  type ImportCodeColumn,
  importFundingColumns,
  maxImportRows,
  readImportHeader,
  readImportRows,
  type ClientImportColumn,
  type ClientImportContext,
  type ClientImportRow,
  type ClientImportValues,
} from '../../../domain/client-import';
import { formatStopAddress } from '../../../domain/client-address';
import { getAccountToday } from '../../../domain/today';
import { ApiError, conflict, invalidInput } from '../../http/errors';
import type { Session } from '../../http/session';
import { renderCsv } from '../../renderers/csv';
import type { AuditService } from '../audit/service';
import type {
  ClientImportRepository,
  ImportedClientColumns,
  ImportedProfileColumns,
  ImportWrites,
  StoredClient,
} from './import-repository';
import { newLocalClientSourceId } from './local-source-id';

type Point = { latitude: number; longitude: number };

/** The account as the import reads it: where its clients are kept, and its rounds. */
type ImportAccounts = {
  getAccountById(id: number): Promise<{
    source_system: SourceSystemName;
    rounds: { id: number; name: string; timezone: string }[];
  }>;
};

const locationColumns = ['address', 'city', 'state', 'zip'] as const satisfies readonly ClientImportColumn[];

/** The funder profile's column for each coded field of a file. */
const profileColumnOf = {
  programme: 'programme',
  fee_per_meal_cents: 'feePerMealCents',
  birth_date: 'birthDate',
  is_birth_date_estimate: 'isBirthDateEstimate',
  gender_code: 'genderCode',
  country_of_birth_code: 'countryOfBirthCode',
  language_code: 'languageCode',
  atsi_code: 'atsiCode',
  dva_card_status_code: 'dvaCardStatusCode',
  accommodation_type_code: 'accommodationTypeCode',
  household_composition_code: 'householdCompositionCode',
  has_carer: 'hasCarer',
  has_disabilities: 'hasDisabilities',
  consent_to_provide_details: 'consentToProvideDetails',
  consented_for_future_contacts: 'consentedForFutureContacts',
} as const satisfies Record<(typeof importFundingColumns)[number], keyof ImportedProfileColumns>;

/** A stored client as the file's values (an empty profile when it has none), for comparing and exporting. */
function toImportValues(client: StoredClient): ClientImportValues {
  const profile = client.profile;
  return {
    external_id: client.externalId,
    name: client.name,
    phone: client.phone,
    address: client.address,
    city: client.city,
    state: client.state,
    zip: client.zip,
    round: client.roundName ?? '',
    plan: client.planDow.map((flag) => (flag === 1 ? 1 : 0)),
    labels: client.labels,
    dietary_requirements: client.dietaryRequirements,
    delivery_instructions: client.deliveryInstructions,
    programme: profile?.programme ?? null,
    fee_per_meal_cents: profile?.feePerMealCents ?? 0,
    birth_date: profile?.birthDate ?? null,
    is_birth_date_estimate: profile?.isBirthDateEstimate ?? false,
    gender_code: profile?.genderCode ?? null,
    country_of_birth_code: profile?.countryOfBirthCode ?? null,
    language_code: profile?.languageCode ?? null,
    atsi_code: profile?.atsiCode ?? null,
    dva_card_status_code: profile?.dvaCardStatusCode ?? null,
    accommodation_type_code: profile?.accommodationTypeCode ?? null,
    household_composition_code: profile?.householdCompositionCode ?? null,
    has_carer: profile?.hasCarer ?? null,
    has_disabilities: profile?.hasDisabilities ?? false,
    consent_to_provide_details: profile?.consentToProvideDetails ?? false,
    consented_for_future_contacts: profile?.consentedForFutureContacts ?? false,
  };
}

/** The file's columns whose value differs from the stored client's (all of them for a new client). */
function listChangedColumns(row: ClientImportRow, stored: StoredClient | null): ClientImportColumn[] {
  const present = clientImportColumns.filter((column) => row.values[column] !== undefined);
  if (stored === null) return present;
  const before = toImportValues(stored);
  return present.filter((column) => JSON.stringify(row.values[column]) !== JSON.stringify(before[column]));
}

/** Each coded column's codes, from the code list it draws on. */
function listCodesByColumn(codes: FundingCodes): ClientImportContext['codes'] {
  const codesOf = (column: ImportCodeColumn) => codes[fundingCodeFields[column]].map((entry) => entry.code);
  return {
    gender_code: codesOf('gender_code'),
    country_of_birth_code: codesOf('country_of_birth_code'),
    language_code: codesOf('language_code'),
    atsi_code: codesOf('atsi_code'),
    dva_card_status_code: codesOf('dva_card_status_code'),
    accommodation_type_code: codesOf('accommodation_type_code'),
    household_composition_code: codesOf('household_composition_code'),
  };
}

/** The file's text as rows of cells; a file that is not CSV is code 2. */
function parseCsvRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      throw invalidInput(`The file is not valid CSV: ${error.message}`, [
        { field: 'file', message: error.message },
      ]);
    }
    throw error;
  }
}

/** The rows of a well-formed file: its header checked, at most maxImportRows client rows. */
function readFileShape(text: string) {
  const records = parseCsvRecords(text);
  const header = readImportHeader(records[0] ?? []);
  if (header.problems.length > 0) {
    throw invalidInput(
      header.problems[0]?.message ?? 'The header row needs attention.',
      header.problems.map(({ field, message }) => ({ field, message })),
    );
  }
  const count = records.slice(1).filter((cells) => cells.some((cell) => cell.trim() !== '')).length;
  if (count > maxImportRows) {
    const message = `The file has ${String(count)} client rows: import at most ${String(maxImportRows)} at a time.`;
    throw invalidInput(message, [{ field: 'file', message }]);
  }
  return { records, columns: header.columns };
}

/** Client imports and exports (a clients file) for an account without a CRM. */
export function createClientImportService(deps: {
  repository: ClientImportRepository;
  accounts: ImportAccounts;
  /** The account's dietary label names. */
  labels: { listLabelNames(accountId: number): Promise<string[]> };
  /** The account's funding code lists (the funding service). */
  funding: { listCodes(accountId: number): Promise<FundingCodes> };
  /** Places an address (the travel service): null when it cannot be placed; throws when the maps failed. */
  travel: { locateAddress(address: string): Promise<Point | null> };
  audit: AuditService;
  /**
   * After a real import that created or updated clients: the visit planner of an account without a CRM makes the
   * account's visits again from the plans (wired in app.ts). Optional: without it nothing follows an import.
   */
  onVisitPlanChanged?: (accountId: number) => Promise<void>;
  now: () => Date;
}) {
  async function readContext(accountId: number, rounds: { id: number; name: string; timezone: string }[]) {
    const [labelNames, codes] = await Promise.all([
      deps.labels.listLabelNames(accountId),
      deps.funding.listCodes(accountId),
    ]);
    const context: ClientImportContext = {
      roundNames: rounds.map((round) => round.name),
      labelNames,
      programmes: fundingProgrammes.map((code) => ({ code, label: fundingProgrammeLabels[code] })),
      codes: listCodesByColumn(codes),
      today: getAccountToday(rounds, deps.now().getTime()),
    };
    return context;
  }

  /** Where the row's address is now placed, with a warning when it cannot be (never a failed import). */
  async function placeAddress(
    row: ClientImportRow,
    stored: StoredClient | null,
    warnings: ClientImportProblemItem[],
  ): Promise<ImportedClientColumns> {
    const location = Object.fromEntries(
      locationColumns.map((column) => [column, row.values[column] ?? stored?.[column] ?? '']),
    ) as Record<(typeof locationColumns)[number], string>;
    const address = formatStopAddress(location);
    if (address === '') return { latitude: null, longitude: null, isAddressUnplaced: false };
    try {
      const point = await deps.travel.locateAddress(address);
      if (point) return { ...point, isAddressUnplaced: false };
      warnings.push({
        row: row.row,
        field: 'address',
        message: `The address '${address}' cannot be placed on the map: check it on the client screen.`,
      });
      return { latitude: null, longitude: null, isAddressUnplaced: true };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      warnings.push({
        row: row.row,
        field: 'address',
        message: 'The maps could not be reached, so the address is not on the map yet.',
      });
      return { latitude: null, longitude: null, isAddressUnplaced: false };
    }
  }

  /** The client and profile columns to write for the changed columns of a row. */
  function toColumns(row: ClientImportRow, changed: ClientImportColumn[], roundIds: Map<string, number>) {
    const client: ImportedClientColumns = {};
    const profile: ImportedProfileColumns = {};
    const values = row.values;
    for (const column of changed) {
      switch (column) {
        case 'external_id':
          client.externalId = values.external_id;
          break;
        case 'name':
        case 'phone':
        case 'address':
        case 'city':
        case 'state':
        case 'zip':
          client[column] = values[column] ?? '';
          break;
        case 'round':
          client.roundId = values.round ? (roundIds.get(values.round) ?? null) : null;
          break;
        case 'plan':
          client.planDow = values.plan ?? [0, 0, 0, 0, 0, 0, 0];
          break;
        case 'labels':
          client.labels = values.labels ?? [];
          break;
        case 'dietary_requirements':
          client.dietaryRequirements = values.dietary_requirements ?? '';
          break;
        case 'delivery_instructions':
          client.deliveryInstructions = values.delivery_instructions ?? '';
          break;
        default:
          Object.assign(profile, { [profileColumnOf[column]]: values[column] });
      }
    }
    return { client, profile: Object.keys(profile).length > 0 ? profile : null };
  }

  return {
    /**
     * Checks a clients file and, unless it is a dry run, applies its good rows in one transaction. Rows match the
     * account's clients by external id (any case): a new one is created, a known one updated where the file
     * differs, so importing the same file again changes nothing.
     */
    async importClients(session: Session, text: string, isDryRun: boolean): Promise<ClientImportResult> {
      const { records, columns } = readFileShape(text);
      const account = await deps.accounts.getAccountById(session.accountId);
      if (!keepsClientsLocally(account.source_system))
        throw conflict("This account's clients come from its CRM: add and change them there.");
      const context = await readContext(session.accountId, account.rounds);
      const read = readImportRows(records, columns, context);
      const errors = [...read.problems];
      const warnings: ClientImportProblemItem[] = [];
      const stored = await deps.repository.listClients(session.accountId);
      const byExternalId = new Map<string, StoredClient[]>();
      for (const client of stored) {
        const key = client.externalId.toLowerCase();
        if (key !== '') byExternalId.set(key, [...(byExternalId.get(key) ?? []), client]);
      }
      const roundIds = new Map(account.rounds.map((round) => [round.name, round.id]));
      const writes: ImportWrites = { creates: [], updates: [] };
      let unchanged = 0;
      for (const row of read.rows) {
        const matches = byExternalId.get(row.values.external_id.toLowerCase()) ?? [];
        const [match] = matches;
        if (matches.length > 1 || match?.isHidden) {
          errors.push({
            row: row.row,
            field: 'external_id',
            message: match?.isHidden
              ? 'A client with this external id is hidden (no longer listed): an import does not change it.'
              : 'More than one client has this external id: give each its own on the client screen first.',
          });
          continue;
        }
        const changed = listChangedColumns(row, match ?? null);
        if (changed.length === 0) {
          unchanged += 1;
          continue;
        }
        const { client, profile } = toColumns(row, changed, roundIds);
        const isMoved = changed.some((column) => (locationColumns as readonly string[]).includes(column));
        if (isMoved && !isDryRun) Object.assign(client, await placeAddress(row, match ?? null, warnings));
        if (match) writes.updates.push({ id: match.id, client, profile });
        else writes.creates.push({ sourceId: newLocalClientSourceId(), client, profile });
      }
      errors.sort((a, b) => a.row - b.row);
      const result: ClientImportResult = {
        dry_run: isDryRun,
        rows: read.count,
        created: writes.creates.length,
        updated: writes.updates.length,
        unchanged,
        errors,
        warnings: warnings.sort((a, b) => a.row - b.row),
      };
      if (isDryRun) return result;
      const ids = await deps.repository.applyImport(session.accountId, writes, deps.now());
      await deps.audit.record(session, {
        action: 'client.import',
        targetType: 'account',
        targetId: session.accountId,
        detail: {
          rows: result.rows,
          created: result.created,
          updated: result.updated,
          errors: errors.length,
        },
      });
      if (ids.length > 0) await deps.onVisitPlanChanged?.(session.accountId);
      return result;
    },

    /** Every listed client of the account as a clients file (the import's columns), by name. */
    async exportClients(session: Session): Promise<Buffer> {
      const stored = await deps.repository.listClients(session.accountId);
      const rows = stored
        .filter((client) => !client.isHidden)
        .map((client) => formatImportCells(toImportValues(client)));
      return renderCsv([...clientImportColumns], rows);
    },
  };
}
export type ClientImportService = ReturnType<typeof createClientImportService>;
