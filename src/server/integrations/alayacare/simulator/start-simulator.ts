import Fastify from 'fastify';
import { createSimulatorFaults, type SimulatorFaults } from './faults';
import { demoSimulatorCredentials, registerSimulator, type SimulatorCredentials } from './server';
import { createSimulatorState, type SeedOptions, type SimulatorState } from './state';

export type StartSimulatorOptions = SeedOptions & {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  credentials?: SimulatorCredentials;
  hasDemographicsInClientList?: boolean;
  hasEmergencyInContactList?: boolean;
  now?: () => Date;
  logger?: boolean;
};

export type RunningSimulator = {
  /** The tenant URL to give the adapter (source_url), e.g. http://127.0.0.1:3100. */
  url: string;
  credentials: SimulatorCredentials;
  state: SimulatorState;
  faults: SimulatorFaults;
  close: () => Promise<void>;
};

/** A standalone simulator on its own port: for tests, the benchmark and `npm run simulator`. */
export async function startSimulator(options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const state = createSimulatorState(options);
  const faults = createSimulatorFaults();
  const credentials = options.credentials ?? demoSimulatorCredentials;
  // Closing must not wait for connections a test left open (keep-alive, or a request held by latency).
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  await app.register(registerSimulator, {
    state,
    faults,
    credentials,
    hasDemographicsInClientList: options.hasDemographicsInClientList,
    hasEmergencyInContactList: options.hasEmergencyInContactList,
  });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host =
    options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    credentials,
    state,
    faults,
    close: () => app.close(),
  };
}
