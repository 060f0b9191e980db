import { startSimulator } from '../integrations/alayacare/simulator/start-simulator';

/**
 * `npm run simulator`: the AlayaCare-compatible simulator on its own port, e.g. to point an account's source URL
 * at it or to try the API by hand. SIMULATOR_PORT (3100), SIMULATOR_HOST (127.0.0.1), SIMULATOR_CLIENTS (160) and
 * SIMULATOR_SEED choose where it listens and what it seeds.
 */

function readNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not "${raw}".`);
    process.exit(1);
  }
  return value;
}

async function runSimulator(): Promise<void> {
  const simulator = await startSimulator({
    port: readNumber('SIMULATOR_PORT', 3100),
    host: process.env.SIMULATOR_HOST || '127.0.0.1',
    clients: readNumber('SIMULATOR_CLIENTS', 160),
    seed: process.env.SIMULATOR_SEED ? readNumber('SIMULATOR_SEED', 0) : undefined,
  });
  const { state, credentials } = simulator;
  console.log(`AlayaCare simulator running at ${simulator.url}`);
  console.log(
    `  ${state.clients.length} clients, ${state.visitCount()} visits around ${state.today} (Sydney)`,
  );
  console.log(`  source URL:      ${simulator.url}`);
  console.log(`  username (key):  ${credentials.username}`);
  console.log(`  password (key):  ${credentials.password}`);
  console.log(
    `  try: curl -u ${credentials.username}:${credentials.password} ${simulator.url}/ext/api/v2/patients/clients`,
  );

  const stop = async () => {
    await simulator.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await runSimulator();
