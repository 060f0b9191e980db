import type { DexWarning, FundingProgramme } from '../../../contracts/funding';
import { formatCentsAsDollars, getFeeTotalCents } from '../../../domain/funder-month';
import { splitPersonName } from '../../../domain/slk581';
import type { FunderClientMonth } from '../funding/month-close-service';
import { buildClientSlk, type FundingProfileRow } from '../funding/service';
import type { DexCaseRecord, DexClientRecord, DexFile, DexSessionRecord } from './dex-xml';

/** The programme the Data Exchange is reported for. */
const dexProgramme: FundingProgramme = 'CHSP';

/** A client's own fields the file needs: the CRM's (or the register's) name and address. */
export type DexClientDetails = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

export type DexIds = { outletActivityId: number; serviceTypeId: number };

/** The DEX client fields that must be known, by the field name of the funding profile or the client. */
const requiredProfileFields = [
  ['birth_date', 'birthDate', 'Birth date'],
  ['gender_code', 'genderCode', 'Gender'],
  ['country_of_birth_code', 'countryOfBirthCode', 'Country of birth'],
  ['language_code', 'languageCode', 'Language spoken at home'],
  ['atsi_code', 'atsiCode', 'Aboriginal or Torres Strait Islander origin'],
] as const;

/** Why a client cannot be sent: each missing or wrong field (empty when it can). */
function findMissing(details: DexClientDetails | undefined, profile: FundingProfileRow | undefined) {
  const problems: { field: string; message: string }[] = [];
  if (!details || !profile) return [{ field: 'programme', message: 'The funding details are missing.' }];
  for (const [field, key, label] of requiredProfileFields) {
    if (profile[key] === null) problems.push({ field, message: `${label} is missing.` });
  }
  if (details.city.trim() === '') problems.push({ field: 'city', message: 'The suburb is missing.' });
  if (details.state.trim() === '') problems.push({ field: 'state', message: 'The state is missing.' });
  if (!/^\d{4}$/.test(details.zip.trim()))
    problems.push({ field: 'zip', message: 'The postcode must be 4 digits.' });
  return problems;
}

function toClientRecord(details: DexClientDetails, profile: FundingProfileRow): DexClientRecord {
  return {
    clientId: String(details.id),
    slk: buildClientSlk(details.name, profile),
    consentToProvideDetails: profile.consentToProvideDetails,
    consentedForFutureContacts: profile.consentedForFutureContacts,
    ...splitPersonName(details.name),
    birthDate: profile.birthDate ?? '',
    isBirthDateEstimate: profile.isBirthDateEstimate,
    genderCode: profile.genderCode ?? '',
    countryOfBirthCode: profile.countryOfBirthCode ?? '',
    languageCode: profile.languageCode ?? '',
    atsiCode: profile.atsiCode ?? '',
    hasDisabilities: profile.hasDisabilities,
    accommodationTypeCode: profile.accommodationTypeCode,
    dvaCardStatusCode: profile.dvaCardStatusCode,
    hasCarer: profile.hasCarer,
    address: {
      line1: details.address.trim(),
      suburb: details.city.trim(),
      stateCode: details.state.trim(),
      postcode: details.zip.trim(),
    },
    householdCompositionCode: profile.householdCompositionCode,
  };
}

/**
 * The month's DEX file: each CHSP client with meals delivered is a Client (with its SLK-581), one Case under the
 * outlet activity, and one Session per delivery date (Quantity = meals delivered, FeesCharged = their fee). A
 * client missing a required field is left out and listed in the warnings, field by field.
 */
export function planDexExport(
  clients: FunderClientMonth[],
  details: Map<number, DexClientDetails>,
  profiles: Map<number, FundingProfileRow>,
  ids: DexIds,
): { file: DexFile; warnings: DexWarning[] } {
  const file: DexFile = { clients: [], cases: [], sessions: [] };
  const warnings: DexWarning[] = [];
  const reported = clients
    .filter((client) => client.programme === dexProgramme && client.days.some((day) => day.delivered > 0))
    .sort((a, b) => a.clientId - b.clientId);
  for (const client of reported) {
    const clientDetails = details.get(client.clientId);
    const profile = profiles.get(client.clientId);
    const missing = findMissing(clientDetails, profile);
    if (missing.length > 0 || !clientDetails || !profile) {
      warnings.push(...missing.map((problem) => ({ client_id: client.clientId, ...problem })));
      continue;
    }
    const clientId = String(client.clientId);
    const caseRecord: DexCaseRecord = {
      caseId: `${clientId}-${String(ids.outletActivityId)}`,
      outletActivityId: ids.outletActivityId,
      clientId,
    };
    file.clients.push(toClientRecord(clientDetails, profile));
    file.cases.push(caseRecord);
    for (const day of client.days.filter((entry) => entry.delivered > 0)) {
      const session: DexSessionRecord = {
        sessionId: `${clientId}-${day.date}`,
        caseId: caseRecord.caseId,
        date: day.date,
        serviceTypeId: ids.serviceTypeId,
        feesCharged: formatCentsAsDollars(getFeeTotalCents(day.delivered, client.feePerMealCents)),
        clientId,
        quantity: day.delivered,
      };
      file.sessions.push(session);
    }
  }
  return { file, warnings };
}
