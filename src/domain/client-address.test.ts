import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMapsSearchUrl,
  formatLocality,
  formatSearchAddress,
  formatStopAddress,
  splitAddress,
  type ClientLocation,
} from './client-address';

function at(address: string, city = 'Annandale', state = 'NSW', zip = '2038'): ClientLocation {
  return { address, city, state, zip };
}

describe('splitAddress', () => {
  it.each([
    [at('Unit 4, 12 Booth Street'), ['Unit 4', '12 Booth Street, Annandale NSW 2038']],
    [at('Unit 4,12 Booth Street'), ['Unit 4', '12 Booth Street, Annandale NSW 2038']], // no space after the comma
    [at('  Unit 4 ,  12 Booth Street  '), ['Unit 4', '12 Booth Street, Annandale NSW 2038']], // trimmed
    [at('Unit 4, 12 Booth Street, Rear'), ['Unit 4', '12 Booth Street, Rear, Annandale NSW 2038']], // first comma
    [
      at('Unit 13, 103 Wellington Street', 'Bondi', 'NSW', '2026'),
      ['Unit 13', '103 Wellington Street, Bondi NSW 2026'],
    ],
    // The whole address in the address field: the locality it already ends with is not repeated.
    [
      at('Unit 13, 103 Wellington Street, Bondi NSW 2026', 'Bondi', 'NSW', '2026'),
      ['Unit 13', '103 Wellington Street, Bondi NSW 2026'],
    ],
    [
      at('Unit 13, 103 Wellington Street, Bondi, NSW, 2026', 'Bondi', 'NSW', '2026'),
      ['Unit 13', '103 Wellington Street, Bondi, NSW, 2026'],
    ],
    [
      at('Unit 13, 103 Wellington Street, Bondi NSW 2026', '', '', ''),
      ['Unit 13', '103 Wellington Street, Bondi NSW 2026'],
    ],
    [at('12 Booth Street'), ['12 Booth Street', 'Annandale NSW 2038']], // no comma: the locality below
    [at('12 Booth Street', '', 'NSW', ''), ['12 Booth Street', 'NSW']],
    [at('12 Booth Street', '', '', ''), ['12 Booth Street', '']],
    [at('', 'Annandale'), ['Annandale NSW 2038', '']],
    [at(', 12 Booth Street'), ['12 Booth Street, Annandale NSW 2038', '']],
    [at('Unit 4,'), ['Unit 4', 'Annandale NSW 2038']],
    [at('', '', '', ''), ['', '']],
  ])('%j is shown as %j', (location, expected) => {
    expect(splitAddress(location)).toEqual(expected);
  });

  it('never drops a word of the address or its locality', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/), { maxLength: 4 }),
        fc.stringMatching(/^[A-Za-z ]{0,10}$/),
        fc.constantFrom('', 'NSW', 'VIC'),
        fc.stringMatching(/^[0-9]{0,4}$/),
        (parts, city, state, zip) => {
          const location = at(parts.join(','), city, state, zip);
          const shown = splitAddress(location).join(' ');
          const words = [...parts, city, state, zip].flatMap((part) => part.split(' ')).filter(Boolean);
          for (const word of words) expect(shown).toContain(word);
        },
      ),
      { seed: 14 },
    );
  });
});

describe('formatLocality and formatSearchAddress', () => {
  it.each([
    [at('12 Booth Street'), 'Annandale NSW 2038', '12 Booth Street, Annandale, NSW, 2038'],
    [at('Unit 4, 12 Booth Street'), 'Annandale NSW 2038', 'Unit 4, 12 Booth Street, Annandale, NSW, 2038'],
    [at('12 Booth Street', ' ', 'NSW', ''), 'NSW', '12 Booth Street, NSW'],
    [at('', '', '', ''), '', ''],
  ])('%j', (location, locality, search) => {
    expect(formatLocality(location)).toBe(locality);
    expect(formatSearchAddress(location)).toBe(search);
  });
});

describe('buildMapsSearchUrl', () => {
  it('searches Google Maps for the address, city, state and zip, encoded', () => {
    expect(buildMapsSearchUrl(at('Unit 4, 12 Booth Street'))).toBe(
      'https://www.google.com/maps/search/?api=1&query=Unit%204%2C%2012%20Booth%20Street%2C%20Annandale%2C%20NSW%2C%202038',
    );
  });

  it('encodes characters that would break the query', () => {
    const url = buildMapsSearchUrl(at("1 O'Brien Street & Co #2", 'Bondi', 'NSW', '2026'));
    expect(url).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20O'Brien%20Street%20%26%20Co%20%232%2C%20Bondi%2C%20NSW%2C%202026",
    );
    expect(new URL(url ?? '').searchParams.get('query')).toBe("1 O'Brien Street & Co #2, Bondi, NSW, 2026");
  });

  it('answers null without any address parts', () => {
    expect(buildMapsSearchUrl(at('', '', '', ''))).toBeNull();
    expect(buildMapsSearchUrl(at('  ', ' ', '', ''))).toBeNull();
  });
});

describe('formatStopAddress', () => {
  it.each([
    [
      { address: '12 Booth Street', city: 'Annandale', state: 'NSW', zip: '2038' },
      '12 Booth Street, Annandale NSW 2038',
    ],
    [{ address: ' 12 Booth Street ', city: '', state: 'NSW', zip: '' }, '12 Booth Street, NSW'],
    [{ address: '', city: 'Annandale', state: 'NSW', zip: '2038' }, 'Annandale NSW 2038'],
    [{ address: '', city: '', state: '', zip: '' }, ''],
  ])('%o is %s', (location, expected) => {
    expect(formatStopAddress(location)).toBe(expected);
  });
});
