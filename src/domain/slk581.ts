/*
 * The statistical linkage key SLK-581 the Data Exchange (DEX) asks for each client: letters 2, 3 and 5 of the
 * family name, letters 2 and 3 of the given name, the birth date as DDMMYYYY and a sex digit. Only letters count
 * (hyphens, apostrophes and spaces are dropped), upper case; `2` stands in for a letter the name is too short to
 * give; a missing family name is `999` and a missing given name `99`.
 */

/** The sex digit of the key: 1 male, 2 female, 3 other, 9 not stated. */
export type SlkSexCode = '1' | '2' | '3' | '9';

export type SlkPerson = {
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  sex: SlkSexCode;
};

function lettersOf(name: string): string {
  return name.toUpperCase().replace(/[^A-Z]/g, '');
}

/** The letters at these 1-based positions of a name, `2` where the name is too short; `missing` without letters. */
function pickLetters(name: string, positions: readonly number[], missing: string): string {
  const letters = lettersOf(name);
  if (letters === '') return missing;
  return positions.map((position) => letters[position - 1] ?? '2').join('');
}

export function buildSlk581(person: SlkPerson): string {
  const [year = '', month = '', day = ''] = person.birthDate.split('-');
  return [
    pickLetters(person.familyName, [2, 3, 5], '999'),
    pickLetters(person.givenName, [2, 3], '99'),
    `${day}${month}${year}`,
    person.sex,
  ].join('');
}

/**
 * A client's one name field as given and family names: the first word is the given name, the rest the family name
 * ("Mary van der Berg": Mary / van der Berg), as the CRM joins first and last names. A single word is taken as the
 * family name (what a register keeps when it keeps one name).
 */
export function splitPersonName(name: string): { givenName: string; familyName: string } {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length <= 1) return { givenName: '', familyName: words[0] ?? '' };
  return { givenName: words[0] ?? '', familyName: words.slice(1).join(' ') };
}

/**
 * The sex digit of a DEX gender code: MALE 1, FEMALE 2, NOTSTATED or none 9, any other code of the list 3. The
 * list is data an administrator keeps; these two anchor codes are the ones the key's definition names.
 */
export function toSlkSexCode(genderCode: string | null): SlkSexCode {
  switch (genderCode) {
    case 'MALE':
      return '1';
    case 'FEMALE':
      return '2';
    case null:
    case '':
    case 'NOTSTATED':
      return '9';
    default:
      return '3';
  }
}
