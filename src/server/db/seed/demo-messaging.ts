import { and, eq, like } from 'drizzle-orm';
import { defaultMessageTemplates } from '../../../domain/message-templates';
import type { SecretBox } from '../../crypto/secret-box';
import { demoSimulatorCredentials } from '../../integrations/alayacare/simulator/server';
import { demoSmsCredentials } from '../../integrations/sms/simulator/sms-state';
import type { Database } from '../client';
import { accounts } from '../schema/accounts';
import { messagingSettings } from '../schema/text-messages';

/** The demo account's sender number: one of the numbers Australia keeps for fiction (never a real person's). */
export const demoSenderNumber = '+61491570006';

/**
 * The demo account sends its messages to the Twilio simulator this process serves (like its CRM): set up on the
 * first start, and on later starts kept pointed at this start's address. An admin's own settings are left alone.
 */
export async function pointDemoMessagingAtSimulator(
  db: Database,
  options: { apiUrl: string; secretBox: SecretBox },
): Promise<void> {
  const [demo] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.sourceSystem, 'demo'), eq(accounts.sourceUsername, demoSimulatorCredentials.username)),
    );
  if (!demo) return;
  await db
    .insert(messagingSettings)
    .values({
      accountId: demo.id,
      provider: 'twilio',
      apiUrl: options.apiUrl,
      accountSid: demoSmsCredentials.accountSid,
      authTokenEncrypted: options.secretBox.encrypt(demoSmsCredentials.authToken),
      senderNumber: demoSenderNumber,
      quietFrom: null,
      quietTo: null,
      templates: defaultMessageTemplates,
    })
    .onConflictDoNothing();
  await db
    .update(messagingSettings)
    .set({ apiUrl: options.apiUrl })
    .where(and(eq(messagingSettings.accountId, demo.id), like(messagingSettings.apiUrl, '%/demo-sms')));
}
