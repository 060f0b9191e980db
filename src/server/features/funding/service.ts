import {
  fundingCodeFields,
  fundingCodeLists,
  fundingProfileBodySchema,
  type FundingCodeField,
  type FundingCodeList,
  type FundingCodeListBody,
  type FundingCodes,
  type FundingProfile,
  type FundingProfileBody,
} from '../../../contracts/funding';
import type { FieldError } from '../../../contracts/envelope';
import { parseBirthDate } from '../../../domain/funder-month';
import { toDexGenderCode, toDexLanguageCode } from '../../../domain/funding-source-codes';
import { buildSlk581, splitPersonName, toSlkSexCode } from '../../../domain/slk581';
import { formatDayMonthYear } from '../../../domain/weeks';
import { invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountToday, type RoundsSource } from '../../shared/account-dates';
import type { SourcePerson } from '../../integrations/source-system';
import type {
  SourceFundingFields,
  FundingProfileRow,
  FundingProfileValues,
  FundingRepository,
} from './repository';

export type { FundingProfileRow };

const fundingFieldNames = Object.keys(fundingProfileBodySchema.shape) as (keyof FundingProfileBody)[];

/** The fields a CRM may fill (gender, birth date, language): a user's value for one of them is kept from then on. */
const sourceFilledFields = ['gender_code', 'birth_date', 'language_code'] as const;

const emptyProfile: FundingProfileValues = {
  programme: null,
  feePerMealCents: 0,
  birthDate: null,
  isBirthDateEstimate: false,
  genderCode: null,
  countryOfBirthCode: null,
  languageCode: null,
  atsiCode: null,
  dvaCardStatusCode: null,
  accommodationTypeCode: null,
  householdCompositionCode: null,
  hasCarer: null,
  hasDisabilities: false,
  consentToProvideDetails: false,
  consentedForFutureContacts: false,
  locallySet: [],
};

/** The client's SLK-581 from its name, birth date and gender; '' while the birth date is not known. */
export function buildClientSlk(
  name: string,
  profile: Pick<FundingProfileValues, 'birthDate' | 'genderCode'>,
) {
  if (profile.birthDate === null) return '';
  return buildSlk581({
    ...splitPersonName(name),
    birthDate: profile.birthDate,
    sex: toSlkSexCode(profile.genderCode),
  });
}

function toProfile(clientId: number, name: string, row: FundingProfileValues): FundingProfile {
  return {
    client_id: clientId,
    slk: buildClientSlk(name, row),
    programme: row.programme,
    fee_per_meal_cents: row.feePerMealCents,
    birth_date: row.birthDate === null ? null : formatDayMonthYear(row.birthDate),
    is_birth_date_estimate: row.isBirthDateEstimate,
    gender_code: row.genderCode,
    country_of_birth_code: row.countryOfBirthCode,
    language_code: row.languageCode,
    atsi_code: row.atsiCode,
    dva_card_status_code: row.dvaCardStatusCode,
    accommodation_type_code: row.accommodationTypeCode,
    household_composition_code: row.householdCompositionCode,
    has_carer: row.hasCarer,
    has_disabilities: row.hasDisabilities,
    consent_to_provide_details: row.consentToProvideDetails,
    consented_for_future_contacts: row.consentedForFutureContacts,
  };
}

/** The lists as the API answers them: every list present, in order. */
function groupCodes(
  rows: { list: string; code: string; description: string; isOwn: boolean }[],
): FundingCodes {
  const codes = Object.fromEntries(fundingCodeLists.map((list) => [list, []])) as unknown as FundingCodes;
  const ownLists = new Set(rows.filter((row) => row.isOwn).map((row) => row.list));
  for (const row of rows) {
    const list = fundingCodeLists.find((name) => name === row.list);
    // An account's own copy of a list replaces the shipped one.
    if (list && row.isOwn === ownLists.has(list))
      codes[list].push({ code: row.code, description: row.description });
  }
  return codes;
}

/** The codes of the body not in their list, as field errors naming the field. */
function findUnknownCodes(body: FundingProfileBody, codes: FundingCodes): FieldError[] {
  const fields = Object.keys(fundingCodeFields) as FundingCodeField[];
  return fields.flatMap((field) => {
    const value = body[field];
    if (value === null) return [];
    const list: FundingCodeList = fundingCodeFields[field];
    return codes[list].some((entry) => entry.code === value)
      ? []
      : [{ field, message: `Not a code of the ${list.replaceAll('_', ' ')} list.` }];
  });
}

/** Which CRM-filled fields the user now sets: those changed by this save join the ones set before. */
function listLocallySet(before: FundingProfileValues, after: FundingProfileValues): string[] {
  const changed = sourceFilledFields.filter((field) => {
    switch (field) {
      case 'gender_code':
        return before.genderCode !== after.genderCode;
      case 'birth_date':
        return before.birthDate !== after.birthDate;
      case 'language_code':
        return before.languageCode !== after.languageCode;
    }
  });
  return [...new Set([...before.locallySet, ...changed])].sort();
}

/** Funder profiles of clients and the DEX code lists (admins keep the lists). */
export function createFundingService(deps: {
  repository: FundingRepository;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  async function findClient(accountId: number, clientId: number) {
    const client = await repository.findClient(accountId, clientId);
    if (!client) throw notFound('Client');
    return client;
  }

  async function listCodes(accountId: number): Promise<FundingCodes> {
    return groupCodes(await repository.listCodes(accountId));
  }

  return {
    listCodes,

    async getProfile(session: Session, clientId: number): Promise<FundingProfile> {
      const client = await findClient(session.accountId, clientId);
      return toProfile(clientId, client.name, client.profile ?? emptyProfile);
    },

    async saveProfile(session: Session, clientId: number, body: FundingProfileBody): Promise<FundingProfile> {
      const client = await findClient(session.accountId, clientId);
      const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
      const errors = findUnknownCodes(body, await listCodes(session.accountId));
      const birthDate = body.birth_date === null ? null : parseBirthDate(body.birth_date, today);
      if (body.birth_date !== null && birthDate === null)
        errors.unshift({ field: 'birth_date', message: 'Use a real date from 1900 to today as DD-MM-YYYY.' });
      if (errors.length > 0) throw invalidInput('Please correct the funding details.', errors);
      const before = client.profile ?? emptyProfile;
      const values: FundingProfileValues = {
        programme: body.programme,
        feePerMealCents: body.fee_per_meal_cents,
        birthDate,
        isBirthDateEstimate: body.is_birth_date_estimate,
        genderCode: body.gender_code,
        countryOfBirthCode: body.country_of_birth_code,
        languageCode: body.language_code,
        atsiCode: body.atsi_code,
        dvaCardStatusCode: body.dva_card_status_code,
        accommodationTypeCode: body.accommodation_type_code,
        householdCompositionCode: body.household_composition_code,
        hasCarer: body.has_carer,
        hasDisabilities: body.has_disabilities,
        consentToProvideDetails: body.consent_to_provide_details,
        consentedForFutureContacts: body.consented_for_future_contacts,
        locallySet: [],
      };
      values.locallySet = listLocallySet(before, values);
      await repository.saveProfile(session.accountId, clientId, values, deps.now());
      const saved = toProfile(clientId, client.name, values);
      const previous = toProfile(clientId, client.name, before);
      // The changed fields' names only: the values are personal details.
      await deps.audit.record(session, {
        action: 'client_funding.update',
        targetType: 'client',
        targetId: clientId,
        detail: { fields: fundingFieldNames.filter((field) => saved[field] !== previous[field]) },
      });
      return saved;
    },

    async replaceCodeList(
      session: Session,
      list: FundingCodeList,
      body: FundingCodeListBody,
    ): Promise<FundingCodes> {
      const duplicate = body.codes.findIndex(
        (entry, index) => body.codes.findIndex((other) => other.code === entry.code) !== index,
      );
      if (duplicate >= 0) {
        throw invalidInput('Each code may be listed once.', [
          { field: `codes.${String(duplicate)}.code`, message: 'This code is listed twice.' },
        ]);
      }
      await repository.replaceCodeList(session.accountId, list, body.codes);
      await deps.audit.record(session, {
        action: 'funding_codes.update',
        targetType: 'funding_codes',
        targetId: list,
        detail: { codes: body.codes.length },
      });
      return listCodes(session.accountId);
    },

    /**
     * Fills the funder profiles from what the CRM holds of each client (gender, birth date, language) when a
     * sync brings them: a field a user set is kept, a value without a code in the account's lists is skipped.
     */
    async fillFromSource(accountId: number, people: { sourceId: string; person?: SourcePerson }[]) {
      const known = people.filter((entry) => entry.person !== undefined);
      if (known.length === 0) return;
      const [codes, today] = await Promise.all([
        listCodes(accountId),
        readAccountToday(deps.accounts, accountId, deps.now()),
      ]);
      const isListed = (list: FundingCodeList, code: string | null) =>
        code !== null && codes[list].some((entry) => entry.code === code);
      const entries = known.map(({ sourceId, person }) => {
        const gender = toDexGenderCode(person?.gender ?? null);
        const language = toDexLanguageCode(person?.language ?? null);
        const birthDate = person?.birthDate
          ? parseBirthDate(formatDayMonthYear(person.birthDate), today)
          : null;
        const fields: SourceFundingFields = {
          ...(gender !== null && isListed('gender', gender) ? { genderCode: gender } : {}),
          ...(language !== null && isListed('language', language) ? { languageCode: language } : {}),
          ...(birthDate === null ? {} : { birthDate }),
        };
        return { sourceId, fields };
      });
      await repository.fillFromSource(accountId, entries);
    },

    /** The profiles of these clients (by id), for the funder reports; a client without one has none. */
    async listProfiles(accountId: number, clientIds: number[]): Promise<Map<number, FundingProfileRow>> {
      const rows = await repository.listProfiles(accountId, clientIds);
      return new Map(rows.map((row) => [row.clientId, row]));
    },
  };
}
export type FundingService = ReturnType<typeof createFundingService>;
