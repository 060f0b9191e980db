/*
 * A CRM's person details (neutral terms from the source seam) as Data Exchange codes, for filling a client's
 * funder profile: the gender and the language spoken at home (ISO 639 to the Australian Standard Classification
 * of Languages). A value without a code here is left for a user to set.
 */

const dexGenders: Record<'male' | 'female' | 'other', string> = {
  male: 'MALE',
  female: 'FEMALE',
  other: 'INTERSEX',
};

export function toDexGenderCode(gender: 'male' | 'female' | 'other' | null): string | null {
  return gender === null ? null : dexGenders[gender];
}

/** The languages most spoken at home by older Australians, ISO 639 to ASCL. */
const dexLanguages: Record<string, string> = {
  en: '1201',
  it: '2401',
  el: '2201',
  zh: '7104',
  yue: '7101',
  vi: '6302',
  ar: '4202',
  hi: '5201',
  es: '2303',
  de: '1401',
  nl: '2101',
  mt: '2407',
  tl: '6511',
};

export function toDexLanguageCode(language: string | null): string | null {
  if (language === null) return null;
  return dexLanguages[language.split('_')[0]?.toLowerCase() ?? ''] ?? null;
}
