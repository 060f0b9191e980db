import { describe, expect, it } from 'vitest';
import type { SourceSettings } from '../../../../contracts/accounts';
import {
  buildCredentialsBody,
  buildPremiumOptions,
  buildServiceCodeOptions,
  buildSourceSettings,
  buildTagOptions,
  describeSourceProduct,
  isValidSourceUrl,
  readSourceProductForm,
  readSourceChoice,
  readStoredPremium,
} from './source-settings';

const stored: SourceSettings = {
  client_tag: 'Meals',
  visit_tag: 'Meal Delivery',
  service_codes: [
    { id: 7, name: 'Old Meal Service' },
    { id: 'sc-1', name: 'Meal Service' },
  ],
  premiums: {
    hot: { id: 'p-1', name: 'Hot Meal', code: 'HM' },
    retired: { id: 'p-9', name: 'Retired Premium', code: 'RP' },
  },
};

describe('integration settings', () => {
  it('drops an empty password and trims the web address and username', () => {
    expect(
      buildCredentialsBody({ sourceUrl: ' https://a.example ', sourceUsername: ' key ', sourcePassword: '' }),
    ).toEqual({ source_url: 'https://a.example', source_username: 'key' });
    expect(buildCredentialsBody({ sourceUrl: '', sourceUsername: '', sourcePassword: ' secret ' })).toEqual({
      source_url: '',
      source_username: '',
      source_password: ' secret ',
    });
  });

  it.each([
    ['', true],
    ['https://tenant.alayacare.com', true],
    ['http://localhost:3000/simulator', true],
    ['tenant.alayacare.com', false],
    ['ftp://tenant.alayacare.com', false],
    ['https://', false],
  ])('accepts %j as a web address: %s', (url, expected) => {
    expect(isValidSourceUrl(url)).toBe(expected);
  });

  it('names the care-management system of alayacare and demo accounts only', () => {
    expect(describeSourceProduct('alayacare')).toBe('AlayaCare');
    expect(describeSourceProduct('demo')).toBe('AlayaCare');
    expect(describeSourceProduct('')).toBeNull();
  });

  it('keeps a stored choice among the options when the CRM does not list it', () => {
    expect(buildTagOptions([{ name: 'Hot' }, { name: 'Hot' }], 'Meals').map((o) => o.value)).toEqual([
      'Hot',
      'Meals',
    ]);
    expect(buildTagOptions(undefined, '')).toEqual([]);
    expect(buildServiceCodeOptions([{ id: 'sc-1', name: 'Meal Service' }], stored.service_codes)).toEqual([
      { value: 'sc-1', label: 'Meal Service' },
      { value: '7', label: 'Old Meal Service' },
    ]);
    expect(buildPremiumOptions(undefined, { id: 'p-1', name: 'Hot Meal', code: 'HM' })).toEqual([
      { value: 'p-1', label: 'Hot Meal (HM)' },
    ]);
  });

  it('reads stored premiums leniently', () => {
    expect(readStoredPremium({ id: 4, name: 'Soup' })).toEqual({ id: '4', name: 'Soup', code: '' });
    expect(readStoredPremium({ name: 'No id' })).toBeNull();
    expect(readStoredPremium(undefined)).toBeNull();
  });

  it('saves chosen ids as the CRM objects and keeps what the form does not show', () => {
    const form = readSourceProductForm(stored);
    expect(form).toEqual({
      clientTag: 'Meals',
      visitTag: 'Meal Delivery',
      serviceCodeIds: ['7', 'sc-1'],
      premiumIds: { hot: 'p-1', retired: 'p-9' },
    });
    const settings = buildSourceSettings(
      { ...form, serviceCodeIds: ['7', 'sc-2'], premiumIds: { hot: '', dessert: 'p-3' } },
      stored,
      {
        serviceCodes: [{ id: 'sc-2', name: 'Frozen Meal Service' }],
        premiums: [{ id: 'p-3', name: 'Dessert', code: 'DS' }],
        categoryKeys: ['hot', 'dessert'],
      },
    );
    expect(settings).toEqual({
      client_tag: 'Meals',
      visit_tag: 'Meal Delivery',
      service_codes: [
        { id: 7, name: 'Old Meal Service' },
        { id: 'sc-2', name: 'Frozen Meal Service' },
      ],
      premiums: {
        dessert: { id: 'p-3', name: 'Dessert', code: 'DS' },
        retired: { id: 'p-9', name: 'Retired Premium', code: 'RP' },
      },
    });
  });

  it('keeps a stored premium the CRM list could not confirm', () => {
    const settings = buildSourceSettings(readSourceProductForm(stored), stored, {
      serviceCodes: undefined,
      premiums: undefined,
      categoryKeys: ['hot'],
    });
    expect(settings).toEqual(stored);
  });
});

describe('readSourceChoice', () => {
  it.each([
    ['alayacare', 'alayacare'],
    ['demo', 'alayacare'],
    ['none', 'none'],
    ['', null],
  ] as const)('shows %s as %s', (stored, choice) => {
    expect(readSourceChoice(stored)).toBe(choice);
  });
});
