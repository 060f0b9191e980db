import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSecretBox } from '../../crypto/secret-box';
import { demoSimulatorCredentials } from '../../integrations/alayacare/simulator/server';
import { demoSmsCredentials } from '../../integrations/sms/simulator/sms-state';
import { testSecret } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { accounts } from '../schema/accounts';
import { messagingSettings } from '../schema/text-messages';
import { demoSenderNumber, pointDemoMessagingAtSimulator } from './demo-messaging';

let database: DatabaseHandle;
const secretBox = createSecretBox(testSecret);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('sets the demo account up on the simulator once, then only follows its address', async () => {
  const [demo] = await database.db
    .insert(accounts)
    .values({ name: 'Demo', sourceSystem: 'demo', sourceUsername: demoSimulatorCredentials.username })
    .returning();
  const settingsOf = async () =>
    (
      await database.db
        .select()
        .from(messagingSettings)
        .where(eq(messagingSettings.accountId, demo?.id ?? 0))
    )[0];

  await pointDemoMessagingAtSimulator(database.db, { apiUrl: 'http://127.0.0.1:3000/demo-sms', secretBox });
  const first = await settingsOf();
  expect(first).toMatchObject({
    provider: 'twilio',
    apiUrl: 'http://127.0.0.1:3000/demo-sms',
    accountSid: demoSmsCredentials.accountSid,
    senderNumber: demoSenderNumber,
  });
  expect(secretBox.decrypt(first?.authTokenEncrypted ?? '')).toBe(demoSmsCredentials.authToken);

  await database.db.update(messagingSettings).set({ quietFrom: '21:00', quietTo: '08:00' });
  await pointDemoMessagingAtSimulator(database.db, { apiUrl: 'http://127.0.0.1:4000/demo-sms', secretBox });
  expect(await settingsOf()).toMatchObject({ apiUrl: 'http://127.0.0.1:4000/demo-sms', quietFrom: '21:00' });

  // An admin who pointed the demo at a real provider keeps it.
  await database.db.update(messagingSettings).set({ apiUrl: 'https://api.twilio.com' });
  await pointDemoMessagingAtSimulator(database.db, { apiUrl: 'http://127.0.0.1:5000/demo-sms', secretBox });
  expect((await settingsOf())?.apiUrl).toBe('https://api.twilio.com');
});
