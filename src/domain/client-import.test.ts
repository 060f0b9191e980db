import { describe, expect, it } from 'vitest';
import {
  clientImportColumns,
  formatImportCells,
  readImportHeader,
  readImportRow,
  readImportRows,
  toImportColumnName,
  type ClientImportColumn,
  type ClientImportContext,
  type ClientImportValues,
} from './client-import';

const context: ClientImportContext = {
  roundNames: ['Inner West', 'Eastern Suburbs'],
  labelNames: ['Diabetic', 'Gluten Free'],
  programmes: [
    { code: 'CHSP', label: 'CHSP' },
    { code: 'HCP', label: 'Home Care Package' },
    { code: 'private', label: 'Private' },
  ],
  codes: {
    gender_code: ['FEMALE', 'MALE'],
    country_of_birth_code: ['1101'],
    language_code: ['1201'],
    atsi_code: ['NO'],
    dva_card_status_code: ['NODVA'],
    accommodation_type_code: ['PRIVATE'],
    household_composition_code: ['ALONE'],
  },
  today: '2026-11-27',
};

const fullValues: ClientImportValues = {
  external_id: 'C-1',
  name: 'Mary Jones',
  phone: '+61 2 9555 0101',
  address: '14 Smith Street',
  city: 'Newtown',
  state: 'NSW',
  zip: '2042',
  round: 'Inner West',
  plan: [1, 1, 1, 0, 1, 0, 0],
  labels: ['Diabetic', 'Gluten Free'],
  dietary_requirements: 'Soft food, "no nuts"',
  delivery_instructions: 'Ring twice,\nside door',
  programme: 'CHSP',
  fee_per_meal_cents: 850,
  birth_date: '1940-03-01',
  is_birth_date_estimate: false,
  gender_code: 'FEMALE',
  country_of_birth_code: '1101',
  language_code: '1201',
  atsi_code: 'NO',
  dva_card_status_code: 'NODVA',
  accommodation_type_code: 'PRIVATE',
  household_composition_code: 'ALONE',
  has_carer: null,
  has_disabilities: true,
  consent_to_provide_details: true,
  consented_for_future_contacts: false,
};

/** One cell of a row under the given columns (the rest of the row left empty where allowed). */
function readOne(column: ClientImportColumn, text: string) {
  const columns: ClientImportColumn[] = ['external_id', 'name', column].filter(
    (name, index, all) => all.indexOf(name) === index,
  ) as ClientImportColumn[];
  const cells = columns.map((name) => {
    if (name === column) return text;
    return name === 'external_id' ? 'C-1' : 'Mary Jones';
  });
  return readImportRow(cells, columns, 2, context);
}

function problemOf(column: ClientImportColumn, text: string): string | undefined {
  const read = readOne(column, text);
  return 'problems' in read ? read.problems.find((problem) => problem.field === column)?.message : undefined;
}

function valueOf(column: ClientImportColumn, text: string): unknown {
  const read = readOne(column, text);
  if ('problems' in read) throw new Error(JSON.stringify(read.problems));
  return read.row.values[column];
}

describe('readImportHeader', () => {
  it('reads the columns in any order, any case, with spaces or dashes', () => {
    expect(readImportHeader(['\uFEFFName', ' External ID ', 'birth-date'])).toEqual({
      columns: ['name', 'external_id', 'birth_date'],
      problems: [],
    });
    expect(toImportColumnName('Dietary Requirements')).toBe('dietary_requirements');
  });

  it('refuses an unknown column, a repeated one and a missing required one, all on row 1', () => {
    expect(readImportHeader(['external_id', 'nmae', 'external_id']).problems).toEqual([
      { row: 1, field: 'column 2', message: "Unknown column 'nmae'." },
      { row: 1, field: 'column 3', message: 'The column external_id is there twice.' },
      { row: 1, field: 'name', message: 'The file needs a name column.' },
    ]);
  });
});

describe('readImportRow', () => {
  it('reads every column of a full row', () => {
    const read = readImportRow(formatImportCells(fullValues), clientImportColumns, 2, context);
    expect(read).toEqual({ row: { row: 2, values: fullValues } });
  });

  it.each([
    ['external_id', '', 'Required.'],
    ['name', '  ', 'Required.'],
    ['name', 'x'.repeat(201), 'Use at most 200 characters.'],
    ['phone', 'a\u0000b', 'Remove control characters (such as NUL) and broken characters.'],
    ['address', 'line\nbreak', 'Remove control characters (such as NUL) and broken characters.'],
    ['round', 'Northern Beaches', "Unknown round 'Northern Beaches'."],
    ['plan', 'MTWF', 'Use seven letters from Monday, a dash for no delivery: MTW-F--.'],
    ['plan', 'TMW-F--', 'Use seven letters from Monday, a dash for no delivery: MTW-F--.'],
    ['labels', 'Diabetic;Vegan;Halal', "Unknown label 'Vegan', 'Halal'."],
    ['programme', 'Medicare', 'Use one of CHSP, HCP, private.'],
    ['fee_per_meal_cents', '8.50', 'Use whole cents from 0 to 100000 (850 = $8.50).'],
    ['fee_per_meal_cents', '-1', 'Use whole cents from 0 to 100000 (850 = $8.50).'],
    ['fee_per_meal_cents', '100001', 'Use whole cents from 0 to 100000 (850 = $8.50).'],
    ['birth_date', '1940-03-01', 'Use a real date from 1900 to today as DD-MM-YYYY.'],
    ['birth_date', '31-02-1940', 'Use a real date from 1900 to today as DD-MM-YYYY.'],
    ['birth_date', '01-01-1899', 'Use a real date from 1900 to today as DD-MM-YYYY.'],
    ['birth_date', '28-11-2026', 'Use a real date from 1900 to today as DD-MM-YYYY.'],
    ['is_birth_date_estimate', 'maybe', 'Use yes or no.'],
    ['has_carer', 'perhaps', 'Use yes, no, or leave it empty when not known.'],
    ['gender_code', 'X', 'Not a code of the gender list.'],
    ['country_of_birth_code', '9999', 'Not a code of the country of birth list.'],
    ['language_code', 'EN', 'Not a code of the language list.'],
    ['atsi_code', 'MAYBE', 'Not a code of the atsi list.'],
    ['dva_card_status_code', 'GOLD', 'Not a code of the dva card status list.'],
    ['accommodation_type_code', 'TENT', 'Not a code of the accommodation type list.'],
    ['household_composition_code', 'CROWD', 'Not a code of the household composition list.'],
  ] as const)('%s %j: %s', (column, text, message) => {
    expect(problemOf(column, text)).toBe(message);
  });

  it.each([
    ['round', 'inner west', 'Inner West'],
    ['round', '', ''],
    ['plan', '', [0, 0, 0, 0, 0, 0, 0]],
    ['plan', 'mtw-f--', [1, 1, 1, 0, 1, 0, 0]],
    ['labels', ' gluten free ; Diabetic;;Diabetic', ['Gluten Free', 'Diabetic']],
    ['labels', '', []],
    ['programme', 'home care package', 'HCP'],
    ['programme', '', null],
    ['fee_per_meal_cents', '', 0],
    ['birth_date', '', null],
    ['birth_date', '27-11-2026', '2026-11-27'],
    ['has_carer', '', null],
    ['has_carer', 'Y', true],
    ['has_disabilities', '', false],
    ['has_disabilities', 'TRUE', true],
    ['consent_to_provide_details', '0', false],
    ['gender_code', 'female', 'FEMALE'],
    ['gender_code', '', null],
    ['phone', "'+61 2 9555 0101", '+61 2 9555 0101'],
    ['delivery_instructions', 'Side door\r\nthen left', 'Side door\r\nthen left'],
  ] as const)('%s %j reads as %j', (column, text, value) => {
    expect(valueOf(column, text)).toEqual(value);
  });

  it('lists every problem of a row, and refuses cells beyond the header', () => {
    const read = readImportRow(['', '', 'MTWF', 'extra'], ['external_id', 'name', 'plan'], 7, context);
    expect(read).toEqual({
      problems: [
        { row: 7, field: 'row', message: 'This row has more cells than the header has columns.' },
        { row: 7, field: 'external_id', message: 'Required.' },
        { row: 7, field: 'name', message: 'Required.' },
        {
          row: 7,
          field: 'plan',
          message: 'Use seven letters from Monday, a dash for no delivery: MTW-F--.',
        },
      ],
    });
  });
});

describe('readImportRows', () => {
  const columns: ClientImportColumn[] = ['external_id', 'name'];

  it('numbers rows as a spreadsheet does and skips empty rows (which keep their numbers)', () => {
    const read = readImportRows(
      [['external_id', 'name'], ['C-1', 'Mary'], ['', ''], [''], ['C-2', '']],
      columns,
      context,
    );
    expect(read.count).toBe(2);
    expect(read.rows.map((row) => row.row)).toEqual([2]);
    expect(read.problems).toEqual([{ row: 5, field: 'name', message: 'Required.' }]);
  });

  it('stops every row that repeats an external id (any case), naming the other rows', () => {
    const read = readImportRows(
      [
        ['external_id', 'name'],
        ['C-1', 'Mary'],
        ['C-2', 'Ann'],
        ['c-1', 'Maria'],
        ['C-1', 'M'],
      ],
      columns,
      context,
    );
    expect(read.rows.map((row) => row.values.external_id)).toEqual(['C-2']);
    expect(read.problems).toEqual([
      { row: 2, field: 'external_id', message: "The external id 'C-1' is also on row 4, 5." },
      { row: 4, field: 'external_id', message: "The external id 'c-1' is also on row 2, 5." },
      { row: 5, field: 'external_id', message: "The external id 'C-1' is also on row 2, 4." },
    ]);
  });
});

describe('formatImportCells', () => {
  it('writes the columns in order, booleans as yes/no and an unknown carer as empty', () => {
    const cells = formatImportCells(fullValues);
    expect(cells).toHaveLength(clientImportColumns.length);
    const at = (column: ClientImportColumn) => cells[clientImportColumns.indexOf(column)];
    expect(at('plan')).toBe('MTW-F--');
    expect(at('labels')).toBe('Diabetic;Gluten Free');
    expect(at('birth_date')).toBe('01-03-1940');
    expect(at('has_carer')).toBe('');
    expect(at('has_disabilities')).toBe('yes');
    expect(at('consented_for_future_contacts')).toBe('no');
  });
});
