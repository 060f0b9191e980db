/*
 * The Data Exchange bulk upload file (DEXFileUpload.xsd): Clients, Cases and Sessions, their elements in the
 * schema's order. Optional elements without a value are left out rather than sent empty (the schema's strings
 * must not be blank).
 */

export type DexClientRecord = {
  clientId: string;
  slk: string;
  consentToProvideDetails: boolean;
  consentedForFutureContacts: boolean;
  /** Sent only with consent to provide details. */
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  isBirthDateEstimate: boolean;
  genderCode: string;
  countryOfBirthCode: string;
  languageCode: string;
  atsiCode: string;
  hasDisabilities: boolean;
  accommodationTypeCode: string | null;
  dvaCardStatusCode: string | null;
  hasCarer: boolean | null;
  address: { line1: string; suburb: string; stateCode: string; postcode: string };
  householdCompositionCode: string | null;
};

export type DexCaseRecord = { caseId: string; outletActivityId: number; clientId: string };

export type DexSessionRecord = {
  sessionId: string;
  caseId: string;
  /** YYYY-MM-DD. */
  date: string;
  serviceTypeId: number;
  /** Dollars, e.g. '25.50'. */
  feesCharged: string;
  clientId: string;
  quantity: number;
};

export type DexFile = { clients: DexClientRecord[]; cases: DexCaseRecord[]; sessions: DexSessionRecord[] };

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

type Value = string | number | boolean | null;

/** `<name>value</name>`, or nothing for a null or blank value (only optional elements are given those). */
function element(name: string, value: Value): string {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function clientXml(client: DexClientRecord): string {
  const named = client.consentToProvideDetails;
  return [
    '<Client>',
    element('ClientId', client.clientId),
    element('Slk', client.slk),
    element('ConsentToProvideDetails', client.consentToProvideDetails),
    element('ConsentedForFutureContacts', client.consentedForFutureContacts),
    named ? element('GivenName', client.givenName) : '',
    named ? element('FamilyName', client.familyName) : '',
    element('IsUsingPsuedonym', false),
    element('BirthDate', client.birthDate),
    element('IsBirthDateAnEstimate', client.isBirthDateEstimate),
    element('GenderCode', client.genderCode),
    element('CountryOfBirthCode', client.countryOfBirthCode),
    element('LanguageSpokenAtHomeCode', client.languageCode),
    element('AboriginalOrTorresStraitIslanderOriginCode', client.atsiCode),
    element('HasDisabilities', client.hasDisabilities),
    element('AccommodationTypeCode', client.accommodationTypeCode),
    element('DVACardStatusCode', client.dvaCardStatusCode),
    element('HasCarer', client.hasCarer),
    '<ResidentialAddress>',
    named ? element('AddressLine1', client.address.line1) : '',
    element('Suburb', client.address.suburb),
    element('StateCode', client.address.stateCode),
    element('Postcode', client.address.postcode),
    '</ResidentialAddress>',
    element('HouseholdCompositionCode', client.householdCompositionCode),
    '</Client>',
  ].join('');
}

function caseXml(record: DexCaseRecord): string {
  return [
    '<Case>',
    element('CaseId', record.caseId),
    element('OutletActivityId', record.outletActivityId),
    element('TotalNumberOfUnidentifiedClients', 0),
    `<CaseClients><CaseClient>${element('ClientId', record.clientId)}</CaseClient></CaseClients>`,
    '</Case>',
  ].join('');
}

function sessionXml(session: DexSessionRecord): string {
  return [
    '<Session>',
    element('SessionId', session.sessionId),
    element('CaseId', session.caseId),
    element('SessionDate', session.date),
    element('ServiceTypeId', session.serviceTypeId),
    element('TotalNumberOfUnidentifiedClients', 0),
    element('FeesCharged', session.feesCharged),
    '<SessionClients><SessionClient>',
    element('ClientId', session.clientId),
    element('ParticipationCode', 'CLIENT'),
    '</SessionClient></SessionClients>',
    element('Quantity', session.quantity),
    '</Session>',
  ].join('');
}

/** The file, one record a line. */
export function buildDexXml(file: DexFile): string {
  const section = (name: string, records: string[]) =>
    records.length === 0 ? [] : [`  <${name}>`, ...records.map((record) => `    ${record}`), `  </${name}>`];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<DEXFileUpload>',
    ...section('Clients', file.clients.map(clientXml)),
    ...section('Cases', file.cases.map(caseXml)),
    ...section('Sessions', file.sessions.map(sessionXml)),
    '</DEXFileUpload>',
    '',
  ].join('\n');
}
