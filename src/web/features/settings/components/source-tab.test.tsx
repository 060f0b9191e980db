import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../contracts/accounts';
import { reenterSourcePasswordMessage } from '../../../../domain/source-credentials';
import { getSession } from '../../../lib/session-store';
import {
  buildAccount,
  buildEnvelope,
  buildErrorEnvelope,
  isDisabled,
  logInAs,
  renderApp,
  stubApi,
  type ApiCall,
} from '../../../test-utils';

const refusedText = 'Username and password incorrect for the web address.';
const savedText = 'Settings saved successfully';
const sourceRefusal = 'The CRM could not list client tags: it refused the username and password (401).';
const sourceUnreachable = 'The CRM could not list client tags: it could not be reached.';
const unreachableText = 'Could not reach the CRM at that web address.';
const badAnswerText = 'The CRM at that web address answered with an error.';

/** Code 7 as the server answers it, saying why the CRM failed. */
const buildSourceFailure = (message: string, sourceFailure: string) => ({
  meta: { error_code: 7, message, source_failure: sourceFailure },
  data: null,
});

const linkedAccount = buildAccount({
  source_system: 'demo',
  source_url: 'https://harbour.alayacare.example',
  source_username: 'public-key',
  has_source_password: true,
  source_settings: {
    client_tag: 'Meals',
    visit_tag: 'Meal Delivery',
    service_codes: [{ id: 'sc-1', name: 'Meal Service' }],
    premiums: { hot: { id: 'p-1', name: 'Hot Meal', code: 'HM' } },
  },
});

type Handlers = Record<string, (call: ApiCall) => unknown>;

/** The CRM lists of a working link, the account itself, and a PUT that answers the merged account. */
function stubSourceApi(account: Account, overrides: Handlers = {}) {
  let current = account;
  return stubApi({
    'GET /api/accounts/1': () => buildEnvelope(current),
    'PUT /api/accounts/1': (call) => {
      const body = call.body as Partial<Account> & { source_password?: string };
      const { source_password: password, ...changes } = body;
      current = { ...current, ...changes, has_source_password: current.has_source_password || !!password };
      return buildEnvelope(current, { message: savedText });
    },
    'GET /api/tags': () =>
      buildEnvelope([{ name: 'Meals' }, { name: 'Frozen Meals' }, { name: 'Hot Meals' }]),
    'GET /api/visits/tags': () => buildEnvelope([{ name: 'Meal Delivery' }, { name: 'Meal Pick Up' }]),
    'GET /api/service_codes': () =>
      buildEnvelope([
        { id: 'sc-1', name: 'Meal Service' },
        { id: 'sc-2', name: 'Frozen Meal Service' },
      ]),
    'GET /api/premiums': () =>
      buildEnvelope([
        { id: 'p-1', name: 'Hot Meal', code: 'HM' },
        { id: 'p-2', name: 'Frozen Meal', code: 'FM' },
        { id: 'p-3', name: 'Dessert', code: 'DS' },
      ]),
    'GET /api/meals/categories': () =>
      buildEnvelope([
        { key: 'hot', name: 'Hot Meals' },
        { key: 'dessert', name: 'Desserts' },
      ]),
    ...overrides,
  });
}

function openTab(account: Account) {
  logInAs('admin@example.org', 'admin', account);
  return renderApp('/settings/integrations/');
}

async function findForm(name: string) {
  return screen.findByRole('form', { name });
}

/** A Select or MultiSelect input (its option list is labelled by the same label, so query by role). */
function getChoice(form: HTMLElement, name: string) {
  return within(form).getByRole<HTMLInputElement>('combobox', { name });
}

function findPut(calls: ApiCall[]) {
  return calls.filter((call) => call.method === 'PUT' && call.path === '/api/accounts/1');
}

describe('settings CMS Integration tab: general section', () => {
  it('shows the saved link with an empty password field that says one is stored', async () => {
    stubSourceApi(linkedAccount);
    openTab(linkedAccount);
    const form = await findForm('CRM Settings');
    expect(screen.getByRole('heading', { name: 'CRM Settings' })).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Source URL').value).toBe(
      'https://harbour.alayacare.example',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Username').value).toBe('public-key');
    const password = within(form).getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Leave empty to keep the stored password');
    expect(within(form).getByText(/A password is stored; it is never shown/)).toBeTruthy();
  });

  it('drops an empty password from the update, shows the saved notice and updates the session account', async () => {
    // No password stored yet: a new address needs none.
    const withoutPassword = { ...linkedAccount, has_source_password: false };
    const { calls } = stubSourceApi(withoutPassword);
    const { user } = openTab(withoutPassword);
    const form = await findForm('CRM Settings');
    const url = within(form).getByLabelText('Source URL');
    await user.clear(url);
    await user.type(url, 'https://northside.alayacare.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(savedText)).toBeTruthy();
    const puts = findPut(calls);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({
      source_url: 'https://northside.alayacare.example',
      source_username: 'public-key',
    });
    expect(getSession().account?.source_url).toBe('https://northside.alayacare.example');
  });

  it('sends a typed password and empties the field after saving', async () => {
    const { calls } = stubSourceApi(linkedAccount);
    const { user } = openTab(linkedAccount);
    const form = await findForm('CRM Settings');
    const password = within(form).getByLabelText<HTMLInputElement>('Password');
    await user.type(password, 'new private key');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(savedText)).toBeTruthy();
    expect(findPut(calls)[0]?.body).toEqual({
      source_url: 'https://harbour.alayacare.example',
      source_username: 'public-key',
      source_password: 'new private key',
    });
    expect(password.value).toBe('');
    // The settings saved message clears after 3 s (docs/product-rules.md, Timed notices and dialogs).
    await waitFor(() => expect(within(form).queryByText(savedText)).toBeNull(), { timeout: 4000 });
  });

  it('shows the server message in a dismissible notice when saving fails', async () => {
    stubSourceApi(linkedAccount, {
      'PUT /api/accounts/1': () => buildErrorEnvelope(2, 'source_url: Invalid URL'),
    });
    const { user } = openTab(linkedAccount);
    const form = await findForm('CRM Settings');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('source_url: Invalid URL')).toBeTruthy();
    expect(within(form).queryByText(savedText)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Dismiss' }));
    expect(within(form).queryByText('source_url: Invalid URL')).toBeNull();
  });

  it('asks for the password again when the address or username changes, and only then', async () => {
    const { calls } = stubSourceApi(linkedAccount);
    const { user } = openTab(linkedAccount);
    const form = await findForm('CRM Settings');
    const password = within(form).getByLabelText<HTMLInputElement>(/^Password/);
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(password.required).toBe(false);
    expect(within(form).queryByText(reenterSourcePasswordMessage)).toBeNull();

    const username = within(form).getByLabelText('Username');
    await user.type(username, '-other');
    expect(password.required).toBe(true);
    expect(within(form).getByText(reenterSourcePasswordMessage)).toBeTruthy();
    expect(isDisabled(save)).toBe(true);
    await user.clear(username);
    await user.type(username, 'public-key');
    expect(password.required).toBe(false);
    expect(isDisabled(save)).toBe(false);

    const url = within(form).getByLabelText('Source URL');
    await user.clear(url);
    await user.type(url, 'https://northside.alayacare.example');
    expect(within(form).getByText(reenterSourcePasswordMessage)).toBeTruthy();
    expect(isDisabled(save)).toBe(true);
    await user.type(password, 'northside key');
    expect(within(form).queryByText(reenterSourcePasswordMessage)).toBeNull();
    await user.click(save);
    expect(await within(form).findByText(savedText)).toBeTruthy();
    expect(findPut(calls)[0]?.body).toEqual({
      source_url: 'https://northside.alayacare.example',
      source_username: 'public-key',
      source_password: 'northside key',
    });
  });

  it('keeps Save disabled while the web address is not one', async () => {
    stubSourceApi(linkedAccount);
    const { user } = openTab(linkedAccount);
    const form = await findForm('CRM Settings');
    const url = within(form).getByLabelText('Source URL');
    await user.clear(url);
    await user.type(url, 'harbour');
    expect(within(form).getByText('Enter a web address starting with https:// or http://')).toBeTruthy();
    expect(isDisabled(within(form).getByRole('button', { name: 'Save' }))).toBe(true);
  });
});

describe('settings CMS Integration tab: access check', () => {
  it('confirms access when the client tag list has at least one entry', async () => {
    stubSourceApi(linkedAccount);
    openTab(linkedAccount);
    expect(await screen.findByText('Access confirmed: the CRM answered with 3 client tags.')).toBeTruthy();
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('says the username and password are incorrect when the list is empty', async () => {
    stubSourceApi(linkedAccount, { 'GET /api/tags': () => buildEnvelope([]) });
    openTab(linkedAccount);
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(screen.queryByText(/Access confirmed/)).toBeNull();
  });

  it('says the username and password are incorrect when the CRM refuses, with the reason', async () => {
    stubSourceApi(linkedAccount, {
      'GET /api/tags': () => buildSourceFailure(sourceRefusal, 'refused_login'),
    });
    openTab(linkedAccount);
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(screen.getAllByText(sourceRefusal).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Access confirmed/)).toBeNull();
  });

  it('says the CRM cannot be reached, not that the password is wrong, when it is down', async () => {
    stubSourceApi(linkedAccount, {
      'GET /api/tags': () => buildSourceFailure(sourceUnreachable, 'unreachable'),
    });
    openTab(linkedAccount);
    expect(await screen.findByText(unreachableText)).toBeTruthy();
    expect(screen.getAllByText(sourceUnreachable).length).toBeGreaterThan(0);
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('says the CRM answered an error when it fails otherwise (a 503)', async () => {
    const message = 'The CRM could not list client tags: it answered 503.';
    stubSourceApi(linkedAccount, { 'GET /api/tags': () => buildSourceFailure(message, 'bad_answer') });
    openTab(linkedAccount);
    expect(await screen.findByText(badAnswerText)).toBeTruthy();
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('checks again after each save of the general section', async () => {
    let tags = [{ name: 'Meals' }];
    const { calls } = stubSourceApi(linkedAccount, {
      'GET /api/tags': () => (tags.length > 0 ? buildEnvelope(tags) : buildErrorEnvelope(7, sourceRefusal)),
    });
    const { user } = openTab(linkedAccount);
    expect(await screen.findByText('Access confirmed: the CRM answered with 1 client tag.')).toBeTruthy();
    const tagReads = () => calls.filter((call) => call.path === '/api/tags').length;
    const readsBefore = tagReads();

    tags = [];
    const form = await findForm('CRM Settings');
    await user.type(within(form).getByLabelText('Password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(savedText)).toBeTruthy();
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(tagReads()).toBeGreaterThan(readsBefore);

    tags = [{ name: 'Meals' }, { name: 'Hot Meals' }];
    await user.type(within(form).getByLabelText('Password'), 'right');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Access confirmed: the CRM answered with 2 client tags.')).toBeTruthy();
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('does not read the CRM before a web address is saved', async () => {
    const unlinked = buildAccount({ source_system: 'demo' });
    const { calls } = stubSourceApi(unlinked);
    openTab(unlinked);
    expect(await screen.findByText(/to check access/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/tags')).toBe(false);
  });
});

describe('settings CMS Integration tab: care-management section', () => {
  it('is hidden when the account has no source system', async () => {
    const account = { ...linkedAccount, source_system: '' as const };
    const { calls } = stubSourceApi(account);
    openTab(account);
    expect(await findForm('CRM Settings')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'AlayaCare' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Client Tag' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/premiums')).toBe(false);
  });

  it('shows Loading... then the stored choices', async () => {
    stubSourceApi(linkedAccount);
    openTab(linkedAccount);
    expect(await screen.findByRole('heading', { name: 'AlayaCare' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    const form = await findForm('AlayaCare settings');
    expect(getChoice(form, 'Client Tag').value).toBe('Meals');
    expect(getChoice(form, 'Visit Tag').value).toBe('Meal Delivery');
    expect(getChoice(form, 'Hot Meals Premium').value).toBe('Hot Meal (HM)');
    expect(getChoice(form, 'Desserts Premium').value).toBe('');
    // The chosen service code shows as a pill in the input.
    expect(within(form).getByText('Meal Service', { selector: '.mantine-Pill-label' })).toBeTruthy();
  });

  it('saves the chosen tags, service codes and premiums as source_settings', async () => {
    const { calls } = stubSourceApi(linkedAccount);
    const { user } = openTab(linkedAccount);
    const form = await findForm('AlayaCare settings');

    await user.click(getChoice(form, 'Client Tag'));
    await user.click(await within(form).findByRole('option', { name: 'Hot Meals' }));
    await user.click(getChoice(form, 'Visit Tag'));
    await user.click(await within(form).findByRole('option', { name: 'Meal Pick Up' }));
    await user.click(getChoice(form, 'Service Codes'));
    await user.click(await within(form).findByRole('option', { name: 'Frozen Meal Service' }));
    await user.click(getChoice(form, 'Desserts Premium'));
    await user.click(await within(form).findByRole('option', { name: 'Dessert (DS)' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(savedText)).toBeTruthy();
    expect(findPut(calls)[0]?.body).toEqual({
      source_settings: {
        client_tag: 'Hot Meals',
        visit_tag: 'Meal Pick Up',
        service_codes: [
          { id: 'sc-1', name: 'Meal Service' },
          { id: 'sc-2', name: 'Frozen Meal Service' },
        ],
        premiums: {
          hot: { id: 'p-1', name: 'Hot Meal', code: 'HM' },
          dessert: { id: 'p-3', name: 'Dessert', code: 'DS' },
        },
        cancel_code_id: null,
      },
    });
    await waitFor(() =>
      expect(getSession().account?.source_settings.premiums.dessert).toEqual({
        id: 'p-3',
        name: 'Dessert',
        code: 'DS',
      }),
    );
  });

  it('shows a list failure and keeps the stored choices usable', async () => {
    const failure = 'The CRM could not list premiums: it answered 503 Service Unavailable.';
    const { calls } = stubSourceApi(linkedAccount, {
      'GET /api/premiums': () => buildErrorEnvelope(7, failure),
    });
    const { user } = openTab(linkedAccount);
    const form = await findForm('AlayaCare settings');
    expect(screen.getByText(failure)).toBeTruthy();
    expect(getChoice(form, 'Hot Meals Premium').value).toBe('Hot Meal (HM)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(savedText)).toBeTruthy();
    expect(findPut(calls)[0]?.body).toEqual({
      source_settings: { ...linkedAccount.source_settings, cancel_code_id: null },
    });
  });
});
