import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLabelOptions, type Account, type LabelOptions } from '../../../contracts/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let userToken = '';
let accountId = 0;
let otherAccountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { account, user } = await t.createAccount('Label Options');
  accountId = account.id;
  userToken = await t.login(user.username);
  otherAccountId = (await t.createAccount('Other Label Options')).account.id;
});
afterAll(async () => t.close());

const save = (labelOptions: unknown, token = userToken, id = accountId) =>
  t.call<Account>('PUT', `/api/accounts/${id}`, { token, body: { label_options: labelOptions } });

const read = async () =>
  (await t.call<Account>('GET', `/api/accounts/${accountId}`, { token: userToken })).body.data.label_options;

describe('PUT /api/accounts/:id label_options (Settings > Meals)', () => {
  it('starts at A4 L7160, no offset, use by: hot 1 day, frozen 90, fresh 3', async () => {
    expect(await read()).toEqual(defaultLabelOptions);
    expect(defaultLabelOptions).toEqual({
      layout: 'L7160',
      offset_x_mm: 0,
      offset_y_mm: 0,
      use_by_days: { Hot: 1, Frozen: 90, Fresh: 3 },
    });
  });

  it('any user of the account saves them, the ends of every range included', async () => {
    const options: LabelOptions = {
      layout: '5162',
      offset_x_mm: -10,
      offset_y_mm: 2.5,
      use_by_days: { Hot: 0, Frozen: 365, Fresh: 2 },
    };
    const result = await save(options);
    expect(result.status).toBe(200);
    expect(result.body.data.label_options).toEqual(options);
    expect(await read()).toEqual(options);
    await save({ ...options, layout: 'L7163', offset_x_mm: 10, offset_y_mm: -0.5 });
    expect(await read()).toMatchObject({ layout: 'L7163', offset_x_mm: 10, offset_y_mm: -0.5 });
  });

  const valid = defaultLabelOptions;
  it.each([
    ['an unknown layout', { ...valid, layout: 'A5' }, 'label_options.layout'],
    ['an offset past 10 mm', { ...valid, offset_x_mm: 10.5 }, 'label_options.offset_x_mm'],
    ['an offset past -10 mm', { ...valid, offset_y_mm: -11 }, 'label_options.offset_y_mm'],
    ['an offset in hundredths', { ...valid, offset_x_mm: 1.25 }, 'label_options.offset_x_mm'],
    ['an offset as text', { ...valid, offset_x_mm: '2' }, 'label_options.offset_x_mm'],
    [
      '-1 days',
      { ...valid, use_by_days: { ...valid.use_by_days, Hot: -1 } },
      'label_options.use_by_days.Hot',
    ],
    [
      '366 days',
      { ...valid, use_by_days: { ...valid.use_by_days, Frozen: 366 } },
      'label_options.use_by_days.Frozen',
    ],
    [
      '1.5 days',
      { ...valid, use_by_days: { ...valid.use_by_days, Fresh: 1.5 } },
      'label_options.use_by_days.Fresh',
    ],
    ['a state missing', { ...valid, use_by_days: { Hot: 1, Frozen: 90 } }, 'label_options.use_by_days.Fresh'],
    ['an unknown field', { ...valid, margin: 3 }, 'label_options'],
  ])('refuses %s (code 2, the field named) and keeps what was stored', async (_name, body, field) => {
    const before = await read();
    const result = await save(body);
    expect(result.status).toBe(400);
    expect(result.body.meta.error_code).toBe(2);
    expect(JSON.stringify(result.body.meta)).toContain(field);
    expect(await read()).toEqual(before);
  });

  it('says what a day count and an offset must be', async () => {
    const days = await save({ ...valid, use_by_days: { ...valid.use_by_days, Hot: 400 } });
    expect(JSON.stringify(days.body.meta)).toContain('Enter a whole number of days from 0 to 365.');
    const offset = await save({ ...valid, offset_x_mm: 12 });
    expect(JSON.stringify(offset.body.meta)).toContain(
      'Enter millimetres from -10 to 10, at most one decimal.',
    );
  });

  it("answers 401 without a token and 404 for another account's id", async () => {
    const anonymous = await t.call('PUT', `/api/accounts/${accountId}`, { body: { label_options: valid } });
    expect(anonymous.status).toBe(401);
    const foreign = await save(valid, userToken, otherAccountId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.meta.error_code).toBe(5);
  });
});
