import { demoSenderNumber } from '../db/seed/demo-messaging';
import { startSmsSimulator } from '../integrations/sms/simulator/start-sms-simulator';

/**
 * `npm run sms-simulator`: the Twilio-compatible simulator on its own port, to point an account's API address at
 * (Settings > Messages) or to try by hand. SMS_SIMULATOR_PORT (3200) and SMS_SIMULATOR_HOST (127.0.0.1) choose where
 * it listens; SMS_SIMULATOR_INBOUND_URL (http://localhost:3000/api/messaging/twilio/inbound) is where replies go and
 * SMS_SIMULATOR_NUMBER (the demo's sender number) the number they are sent to.
 */

function readPort(): number {
  const raw = process.env.SMS_SIMULATOR_PORT ?? '';
  if (raw.trim() === '') return 3200;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`SMS_SIMULATOR_PORT must be a port number, not "${raw}".`);
    process.exit(1);
  }
  return port;
}

async function runSmsSimulator(): Promise<void> {
  const inboundUrl =
    process.env.SMS_SIMULATOR_INBOUND_URL || 'http://localhost:3000/api/messaging/twilio/inbound';
  const productNumber = process.env.SMS_SIMULATOR_NUMBER || demoSenderNumber;
  const simulator = await startSmsSimulator({
    port: readPort(),
    host: process.env.SMS_SIMULATOR_HOST || '127.0.0.1',
    inboundUrl,
    productNumber,
  });
  const { accountSid, authToken } = simulator.state.credentials;
  const auth = `${accountSid}:${authToken}`;
  console.log(`Twilio simulator running at ${simulator.url}`);
  console.log(`  API address:  ${simulator.url}`);
  console.log(`  Account SID:  ${accountSid}`);
  console.log(`  Auth token:   ${authToken}`);
  console.log(`  replies go to ${inboundUrl} (as sent to ${productNumber})`);
  console.log(`  try: curl -u ${auth} ${simulator.url}/_simulator/messages`);

  const stop = async () => {
    await simulator.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await runSmsSimulator();
