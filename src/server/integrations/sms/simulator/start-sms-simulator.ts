import Fastify from 'fastify';
import { registerSmsSimulator } from './sms-server';
import {
  createSmsSimulatorState,
  type CallbackPoster,
  type SimulatorCredentials,
  type SmsSimulatorState,
} from './sms-state';

export type RunningSmsSimulator = {
  /** The API address to give an account (api_url), e.g. http://127.0.0.1:3200. */
  url: string;
  state: SmsSimulatorState;
  close: () => Promise<void>;
};

/** A standalone Twilio simulator on its own port: for the tests and `npm run sms-simulator`. */
export async function startSmsSimulator(options: {
  port?: number;
  host?: string;
  credentials?: SimulatorCredentials;
  inboundUrl: string;
  productNumber: string;
  post?: CallbackPoster;
}): Promise<RunningSmsSimulator> {
  const state = createSmsSimulatorState({
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.post ? { post: options.post } : {}),
  });
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(registerSmsSimulator, {
    state,
    inboundUrl: options.inboundUrl,
    productNumber: options.productNumber,
  });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://127.0.0.1:${port}`, state, close: () => app.close() };
}
