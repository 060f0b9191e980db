import { unguardFormula } from './csv-cells';
import { parseBirthDate } from './funder-month';
import { formatPlanLetters, parsePlanLetters } from './plan-days';
import { isSafeText } from './safe-text';
import { formatDayMonthYear } from './weeks';

/**
 * The columns of a clients file (import and export), in the order the export writes them. A file may hold them in
 * any order and leave out any but `external_id` and `name` (docs/product-rules.md, Clients file).
 */
export const clientImportColumns = [
  'external_id',
  'name',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'round',
  'plan',
  'labels',
  'dietary_requirements',
  'delivery_instructions',
  'programme',
  'fee_per_meal_cents',
  'birth_date',
  'is_birth_date_estimate',
  'gender_code',
  'country_of_birth_code',
  'language_code',
  'atsi_code',
  'dva_card_status_code',
  'accommodation_type_code',
  'household_composition_code',
  'has_carer',
  'has_disabilities',
  'consent_to_provide_details',
  'consented_for_future_contacts',
] as const;
export type ClientImportColumn = (typeof clientImportColumns)[number];

export const requiredImportColumns = ['external_id', 'name'] as const satisfies readonly ClientImportColumn[];

/** The coded funder fields, each checked against its code list. */
export const importCodeColumns = [
  'gender_code',
  'country_of_birth_code',
  'language_code',
  'atsi_code',
  'dva_card_status_code',
  'accommodation_type_code',
  'household_composition_code',
] as const satisfies readonly ClientImportColumn[];
export type ImportCodeColumn = (typeof importCodeColumns)[number];

/** The funder profile's columns: a file with none of them leaves the clients' profiles alone. */
export const importFundingColumns = [
  'programme',
  'fee_per_meal_cents',
  'birth_date',
  'is_birth_date_estimate',
  ...importCodeColumns,
  'has_carer',
  'has_disabilities',
  'consent_to_provide_details',
  'consented_for_future_contacts',
] as const satisfies readonly ClientImportColumn[];

/** What one column means to a person choosing which of their file's columns it is (the import screen). */
export const clientImportColumnHelp: Record<ClientImportColumn, string> = {
  external_id: 'Your own id of the client (required, once per file): rows match clients by it.',
  name: 'Full name (required).',
  phone: 'Phone number.',
  address: 'Street address.',
  city: 'City or suburb.',
  state: 'State, e.g. NSW.',
  zip: 'Postcode.',
  round: 'A round name of this account; empty for no round.',
  plan: 'Delivery days, seven letters from Monday: MTW-F-- (a dash for no delivery).',
  labels: 'Dietary labels of this account, separated by ;',
  dietary_requirements: 'Dietary requirements (free text).',
  delivery_instructions: 'Delivery instructions (free text).',
  programme: 'Funding programme: CHSP, HCP, NDIS, private or other.',
  fee_per_meal_cents: 'Fee per meal in cents, a whole number (850 = $8.50).',
  birth_date: 'Birth date, DD-MM-YYYY.',
  is_birth_date_estimate: 'yes if the birth date is estimated.',
  gender_code: 'DEX gender code.',
  country_of_birth_code: 'DEX country of birth code.',
  language_code: 'DEX language spoken at home code.',
  atsi_code: 'DEX Aboriginal or Torres Strait Islander origin code.',
  dva_card_status_code: 'DEX DVA card status code.',
  accommodation_type_code: 'DEX accommodation type code.',
  household_composition_code: 'DEX household composition code.',
  has_carer: 'yes, no, or empty when not known.',
  has_disabilities: 'yes or no.',
  consent_to_provide_details: 'yes or no.',
  consented_for_future_contacts: 'yes or no.',
};

/** A client's values as a file row holds them once read (dates YYYY-MM-DD, codes null when empty). */
export type ClientImportValues = {
  external_id: string;
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** A round name of the account, '' for none. */
  round: string;
  plan: (0 | 1)[];
  labels: string[];
  dietary_requirements: string;
  delivery_instructions: string;
  programme: string | null;
  fee_per_meal_cents: number;
  birth_date: string | null;
  is_birth_date_estimate: boolean;
  gender_code: string | null;
  country_of_birth_code: string | null;
  language_code: string | null;
  atsi_code: string | null;
  dva_card_status_code: string | null;
  accommodation_type_code: string | null;
  household_composition_code: string | null;
  has_carer: boolean | null;
  has_disabilities: boolean;
  consent_to_provide_details: boolean;
  consented_for_future_contacts: boolean;
};

/** A row read well: the values of the columns the file has (the others are left as they are). */
export type ClientImportRow = {
  /** The spreadsheet's row number: the header is row 1, the first client row 2. */
  row: number;
  values: Pick<ClientImportValues, 'external_id' | 'name'> & Partial<ClientImportValues>;
};

/** What is wrong with a row (or, with row 1, with the header), in the import answer's words. */
export type ClientImportProblem = { row: number; field: string; message: string };

/** What the rows are checked against: the account's rounds, labels, programmes and code lists, and its today. */
export type ClientImportContext = {
  roundNames: readonly string[];
  labelNames: readonly string[];
  programmes: readonly { code: string; label: string }[];
  codes: Record<ImportCodeColumn, readonly string[]>;
  /** YYYY-MM-DD: a birth date may not be later. */
  today: string;
};

export const maxImportRows = 5000;

const textLimits: Partial<Record<ClientImportColumn, number>> = {
  external_id: 100,
  name: 200,
  phone: 50,
  address: 300,
  city: 100,
  state: 100,
  zip: 20,
  dietary_requirements: 2000,
  delivery_instructions: 2000,
};
const multiLineColumns = new Set<ClientImportColumn>(['dietary_requirements', 'delivery_instructions']);
const maxLabels = 50;
const maxFeeCents = 100_000;

/** A header cell as a column name: case, spaces and dashes do not matter ('Birth Date' is birth_date). */
export function toImportColumnName(header: string): string {
  return unguardFormula(header.replace(/^\uFEFF/, ''))
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function isImportColumn(name: string): name is ClientImportColumn {
  return (clientImportColumns as readonly string[]).includes(name);
}

/**
 * The header row: each cell's column (by name, see toImportColumnName), or the problems that stop the whole file
 * (an unknown or repeated column, a required one missing), all on row 1.
 */
export function readImportHeader(header: readonly string[]): {
  columns: ClientImportColumn[];
  problems: ClientImportProblem[];
} {
  const problems: ClientImportProblem[] = [];
  const columns: ClientImportColumn[] = [];
  header.forEach((cell, index) => {
    const name = toImportColumnName(cell);
    const place = `column ${String(index + 1)}`;
    if (!isImportColumn(name)) {
      problems.push({ row: 1, field: place, message: `Unknown column '${cell.trim()}'.` });
    } else if (columns.includes(name)) {
      problems.push({ row: 1, field: place, message: `The column ${name} is there twice.` });
    } else {
      columns.push(name);
    }
  });
  for (const required of requiredImportColumns) {
    if (!columns.includes(required))
      problems.push({ row: 1, field: required, message: `The file needs a ${required} column.` });
  }
  return { columns: problems.length === 0 ? columns : [], problems };
}

type Parsed<T> = { value: T } | { message: string };

const yesWords = new Set(['yes', 'y', 'true', '1']);
const noWords = new Set(['no', 'n', 'false', '0']);

function readYesNo(text: string, isEmptyKnown: boolean): Parsed<boolean | null> {
  const word = text.toLowerCase();
  if (word === '') return { value: isEmptyKnown ? false : null };
  if (yesWords.has(word)) return { value: true };
  if (noWords.has(word)) return { value: false };
  return { message: isEmptyKnown ? 'Use yes or no.' : 'Use yes, no, or leave it empty when not known.' };
}

/** The list's own spelling of a name given in any case, or undefined when the list does not hold it. */
function findListed(list: readonly string[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return list.find((entry) => entry === name) ?? list.find((entry) => entry.toLowerCase() === lower);
}

function readText(column: ClientImportColumn, text: string): Parsed<string> {
  if (!isSafeText(text, multiLineColumns.has(column) ? 'multi' : 'single'))
    return { message: 'Remove control characters (such as NUL) and broken characters.' };
  const limit = textLimits[column] ?? 200;
  if (text.length > limit) return { message: `Use at most ${String(limit)} characters.` };
  return { value: text };
}

function readLabels(text: string, context: ClientImportContext): Parsed<string[]> {
  const names = [
    ...new Set(
      text
        .split(';')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  if (names.length > maxLabels) return { message: `Give at most ${String(maxLabels)} labels.` };
  const unknown = names.filter((name) => findListed(context.labelNames, name) === undefined);
  if (unknown.length > 0)
    return { message: `Unknown label ${unknown.map((name) => `'${name}'`).join(', ')}.` };
  return { value: names.map((name) => findListed(context.labelNames, name) ?? name) };
}

function readFee(text: string): Parsed<number> {
  if (text === '') return { value: 0 };
  if (!/^\d+$/.test(text) || Number(text) > maxFeeCents)
    return { message: `Use whole cents from 0 to ${String(maxFeeCents)} (850 = $8.50).` };
  return { value: Number(text) };
}

function readCell(
  column: ClientImportColumn,
  text: string,
  context: ClientImportContext,
): Parsed<ClientImportValues[ClientImportColumn]> {
  switch (column) {
    case 'external_id':
    case 'name':
      return text === '' ? { message: 'Required.' } : readText(column, text);
    case 'phone':
    case 'address':
    case 'city':
    case 'state':
    case 'zip':
    case 'dietary_requirements':
    case 'delivery_instructions':
      return readText(column, text);
    case 'round': {
      if (text === '') return { value: '' };
      const round = findListed(context.roundNames, text);
      return round === undefined ? { message: `Unknown round '${text}'.` } : { value: round };
    }
    case 'plan': {
      if (text === '') return { value: [0, 0, 0, 0, 0, 0, 0] };
      const plan = parsePlanLetters(text);
      return plan === null
        ? { message: 'Use seven letters from Monday, a dash for no delivery: MTW-F--.' }
        : { value: plan };
    }
    case 'labels':
      return readLabels(text, context);
    case 'programme': {
      if (text === '') return { value: null };
      const lower = text.toLowerCase();
      const programme = context.programmes.find(
        (entry) => entry.code.toLowerCase() === lower || entry.label.toLowerCase() === lower,
      );
      const codes = context.programmes.map((entry) => entry.code).join(', ');
      return programme ? { value: programme.code } : { message: `Use one of ${codes}.` };
    }
    case 'fee_per_meal_cents':
      return readFee(text);
    case 'birth_date': {
      if (text === '') return { value: null };
      const date = parseBirthDate(text, context.today);
      return date === null
        ? { message: 'Use a real date from 1900 to today as DD-MM-YYYY.' }
        : { value: date };
    }
    case 'has_carer':
      return readYesNo(text, false);
    case 'is_birth_date_estimate':
    case 'has_disabilities':
    case 'consent_to_provide_details':
    case 'consented_for_future_contacts':
      return readYesNo(text, true);
    case 'gender_code':
    case 'country_of_birth_code':
    case 'language_code':
    case 'atsi_code':
    case 'dva_card_status_code':
    case 'accommodation_type_code':
    case 'household_composition_code': {
      if (text === '') return { value: null };
      const code = findListed(context.codes[column], text);
      const list = column.replace(/_code$/, '').replaceAll('_', ' ');
      return code === undefined ? { message: `Not a code of the ${list} list.` } : { value: code };
    }
  }
}

/** One row's cells under the header's columns: its values, or every problem it has. */
export function readImportRow(
  cells: readonly string[],
  columns: readonly ClientImportColumn[],
  row: number,
  context: ClientImportContext,
): { row: ClientImportRow } | { problems: ClientImportProblem[] } {
  const problems: ClientImportProblem[] = [];
  const values: Partial<Record<ClientImportColumn, unknown>> = {};
  if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== ''))
    problems.push({ row, field: 'row', message: 'This row has more cells than the header has columns.' });
  columns.forEach((column, index) => {
    const parsed = readCell(column, unguardFormula((cells[index] ?? '').trim()), context);
    if ('message' in parsed) problems.push({ row, field: column, message: parsed.message });
    else values[column] = parsed.value;
  });
  if (problems.length > 0) return { problems };
  return { row: { row, values: values as ClientImportRow['values'] } };
}

/**
 * Every row of a file after its header (`records[0]`): the rows read well and the problems of the others. A row
 * of empty cells is skipped (it keeps its number). An external id on more than one row stops each of those rows.
 */
export function readImportRows(
  records: readonly (readonly string[])[],
  columns: readonly ClientImportColumn[],
  context: ClientImportContext,
): { rows: ClientImportRow[]; problems: ClientImportProblem[]; count: number } {
  const rows: ClientImportRow[] = [];
  const problems: ClientImportProblem[] = [];
  let count = 0;
  records.slice(1).forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    count += 1;
    const read = readImportRow(cells, columns, index + 2, context);
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  });
  const rowsOf = new Map<string, number[]>();
  for (const { row, values } of rows) {
    const key = values.external_id.toLowerCase();
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), row]);
  }
  const repeated = rows.filter(
    (entry) => (rowsOf.get(entry.values.external_id.toLowerCase()) ?? []).length > 1,
  );
  for (const { row, values } of repeated) {
    const others = (rowsOf.get(values.external_id.toLowerCase()) ?? []).filter((other) => other !== row);
    problems.push({
      row,
      field: 'external_id',
      message: `The external id '${values.external_id}' is also on row ${others.join(', ')}.`,
    });
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: rows.filter((entry) => !repeated.includes(entry)), problems, count };
}

function yesNo(value: boolean | null): string {
  if (value === null) return '';
  return value ? 'yes' : 'no';
}

/** A client's values as the cells of an exported row, in clientImportColumns' order (read back to the same values). */
export function formatImportCells(values: ClientImportValues): string[] {
  return clientImportColumns.map((column) => {
    switch (column) {
      case 'plan':
        return formatPlanLetters(values.plan);
      case 'labels':
        return values.labels.join(';');
      case 'fee_per_meal_cents':
        return String(values.fee_per_meal_cents);
      case 'birth_date':
        return values.birth_date === null ? '' : formatDayMonthYear(values.birth_date);
      case 'is_birth_date_estimate':
      case 'has_carer':
      case 'has_disabilities':
      case 'consent_to_provide_details':
      case 'consented_for_future_contacts':
        return yesNo(values[column]);
      default:
        return values[column] ?? '';
    }
  });
}
