import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorFaults } from './faults';
import { registerAccountingRoutes } from './routes-accounting';
import { registerControlRoutes, simulatorControlPath } from './routes-control';
import { registerPatientsRoutes } from './routes-patients';
import { registerSchedulerRoutes } from './routes-scheduler';
import { SimulatorError, type SimulatorState } from './state';

/**
 * The AlayaCare-compatible simulator as a Fastify plugin: the subset of the External Integration API v2 the product
 * uses, with its wire format (Basic auth, paged lists, {code, message} errors, 207 on a partial lock). It keeps its
 * own error and not-found handling, so mounted inside the product (e.g. under /simulator) it still answers as
 * AlayaCare does, never with the product's envelope.
 */

export type SimulatorCredentials = { username: string; password: string };

/** The demo account's source_username and source_password. */
export const demoSimulatorCredentials: SimulatorCredentials = {
  username: 'mealrounds-demo',
  password: 'demo-private-key',
};

export type SimulatorPluginOptions = {
  state: SimulatorState;
  faults: SimulatorFaults;
  credentials?: SimulatorCredentials;
  /**
   * Whether GET /clients items carry `demographics` (default true: one request per page). False answers the
   * documents' exact ClientListItem, so a sync must read each client's details.
   */
  hasDemographicsInClientList?: boolean;
  /**
   * Whether GET /clients/{id}/contacts items carry `emergency` (default true: one request per client). False answers
   * the documents' exact ClientContactListItem, so a sync must read each contact for its flag.
   */
  hasEmergencyInContactList?: boolean;
  /**
   * Where people reach the simulator, for AlayaCare's `_link` to a client's page (e.g. the product's public URL plus
   * the mount prefix). Default: the address of each request, which is internal when the adapter calls localhost.
   */
  linkBaseUrl?: string;
};

const faultMessages: Record<number, string> = {
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Service temporarily unavailable.',
  504: 'Gateway timeout.',
};

const sendWireError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('application/json').send({ code: status, message });

/** Waits, but stops early when the caller hangs up (so a test's short timeout never holds the server). */
function waitUnlessClosed(request: FastifyRequest, ms: number): Promise<void> {
  const socket = request.raw.socket;
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve();
    }, ms);
    socket.once('close', onClose);
  });
}

function installFaults(app: FastifyInstance, faults: SimulatorFaults): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith(simulatorControlPath)) return;
    faults.recordRequest({ method: request.method, url: request.url });
    const settings = faults.settings;
    if (settings.isDown) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (settings.latencyMs > 0) await waitUnlessClosed(request, settings.latencyMs);
    if (request.raw.socket.destroyed) {
      reply.hijack();
      return;
    }
    const status = settings.status5xx ?? (faults.shouldFailRequest() ? 500 : null);
    if (status !== null) return sendWireError(reply, status, faultMessages[status] ?? 'Server error.');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const mode = faults.settings.malformed;
    if (!mode || reply.statusCode === 204 || request.routeOptions.url?.endsWith(simulatorControlPath))
      return payload;
    reply.type('application/json');
    return mode === 'json'
      ? '{"count": 2, "page": 1, "total_pages": 1, "items": [{"id": 1001, "first_na'
      : JSON.stringify({ result: 'ok', data: 'unavailable' });
  });
}

function installBasicAuth(app: FastifyInstance, credentials: SimulatorCredentials): void {
  const token = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
  const expected = Buffer.from(`basic ${token}`);
  app.addHook('onRequest', async (request, reply) => {
    // The client page behind AlayaCare's `_link` is for people in a browser, not for the API's key pair.
    if (request.routeOptions.url?.includes('/permalink/')) return;
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.replace(/^basic /i, 'basic '));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Basic realm="AlayaCare"');
      return sendWireError(reply, 401, 'Authorization required.');
    }
  });
}

export async function registerSimulator(
  app: FastifyInstance,
  options: SimulatorPluginOptions,
): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SimulatorError) return sendWireError(reply, error.status, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendWireError(
        reply,
        status,
        status === 400 ? `Invalid request. ${error.message}` : error.message,
      );
    }
    request.log.error({ err: error }, 'AlayaCare simulator error');
    return sendWireError(reply, 500, 'Internal server error.');
  });
  app.setNotFoundHandler((_request, reply) => sendWireError(reply, 404, 'Resource not found.'));

  installFaults(app, options.faults);
  installBasicAuth(app, options.credentials ?? demoSimulatorCredentials);

  registerPatientsRoutes(app, {
    state: options.state,
    hasDemographicsInClientList: options.hasDemographicsInClientList ?? true,
    hasEmergencyInContactList: options.hasEmergencyInContactList ?? true,
    linkBaseOf: (request) =>
      options.linkBaseUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}${app.prefix}`,
  });
  registerSchedulerRoutes(app, options.state);
  registerAccountingRoutes(app, options.state);
  registerControlRoutes(app, options.faults);
}
