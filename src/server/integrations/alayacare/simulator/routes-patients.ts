import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoRoundOfClient, type SimClient } from './demo-seed';
import { SimulatorError, type SimulatorState } from './state';
import {
  paginate,
  readList,
  readSingle,
  parseId,
  toWireClientDetails,
  toWireClientListItem,
  toWireContact,
  toWireContactListItem,
  type Query,
} from './wire-format';

/** client-openapi.yml (base path /ext/api/v2/patients): the client routes the product uses. */

export type PatientsContext = {
  state: SimulatorState;
  hasDemographicsInClientList: boolean;
  hasEmergencyInContactList: boolean;
  /** Where the simulator is mounted, for AlayaCare's `_link` to a client's page. */
  linkBaseOf: (request: FastifyRequest) => string;
};

const basePath = '/ext/api/v2/patients';

/** The GET /clients filters, read once per request. */
function createClientFilter(query: Query): (client: SimClient) => boolean {
  const tags = readList(query.tags)?.map((tag) => tag.toLowerCase());
  const statuses = readList(query.status);
  const acId = readSingle(query.ac_id);
  const texts = (readList(query.filter) ?? []).map((text) => text.toLowerCase());
  const searchableOf = (client: SimClient) =>
    [client.firstName, client.lastName, client.address, client.city, client.zip, client.phone]
      .join(' ')
      .toLowerCase();
  return (client) =>
    (!tags || client.tags.some((tag) => tags.includes(tag.toLowerCase()))) &&
    (!statuses || statuses.includes(client.status)) &&
    (!acId || client.acId === acId) &&
    (texts.length === 0 || texts.every((text) => searchableOf(client).includes(text)));
}

function requireClient(client: SimClient | undefined): SimClient {
  if (!client) throw new SimulatorError(404, 'Client not found.');
  return client;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page AlayaCare's `_link` opens; the simulator shows what it holds on the client. */
function renderClientPage(client: SimClient): string {
  const rows: Array<[string, string]> = [
    ['AlayaCare id', `${client.id} (${client.acId})`],
    ['External id', client.externalId],
    ['Status', client.status],
    ['Phone', client.phone],
    ['Address', [client.addressSuite, client.address].filter(Boolean).join(', ')],
    ['Suburb', `${client.city} ${client.state} ${client.zip}`],
    ['Coordinates', `${client.latitude}, ${client.longitude}`],
    ['Tags', client.tags.join(', ')],
    ['Demo round', demoRoundOfClient(String(client.id)) ?? ''],
  ];
  const name = escapeHtml(`${client.firstName} ${client.lastName}`);
  const cells = rows.map(([label, value]) => `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} - AlayaCare simulator</title>` +
    `</head><body><h1>${name}</h1><p>Client record in the AlayaCare simulator of the MealRounds demo.</p>` +
    `<table>${cells.join('')}</table></body></html>`
  );
}

export function registerPatientsRoutes(app: FastifyInstance, context: PatientsContext): void {
  const { state } = context;

  app.get(`${basePath}/clients`, async (request) => {
    const query = request.query as Query;
    const linkBase = context.linkBaseOf(request);
    const clients = state.clients.filter(createClientFilter(query));
    return paginate(clients, query, (client) =>
      toWireClientListItem(client, linkBase, context.hasDemographicsInClientList),
    );
  });

  app.get(`${basePath}/clients/tags`, async (request) =>
    paginate(state.clientTags, request.query as Query, String),
  );

  app.get<{ Params: { client_id: string } }>(`${basePath}/clients/:client_id`, async (request) => {
    const id = Number(request.params.client_id);
    return toWireClientDetails(requireClient(Number.isInteger(id) ? state.getClient(id) : undefined));
  });

  app.get<{ Params: { external_client_id: string } }>(
    `${basePath}/clients/by_id/:external_client_id`,
    async (request) =>
      toWireClientDetails(requireClient(state.getClientByExternalId(request.params.external_client_id))),
  );

  app.get<{ Params: { client_id: string } }>(`${basePath}/clients/:client_id/contacts`, async (request) => {
    const client = requireClient(state.getClient(parseId(request.params.client_id, 'Client not found.')));
    return paginate(state.contactsOf(client.id), request.query as Query, (contact) =>
      toWireContactListItem(contact, context.hasEmergencyInContactList),
    );
  });

  app.get<{ Params: { contact_id: string } }>(`${basePath}/contacts/:contact_id`, async (request) => {
    const contact = state.getContact(parseId(request.params.contact_id, 'Contact not found.'));
    if (!contact) throw new SimulatorError(404, 'Contact not found.');
    return toWireContact(contact, state.getClient(contact.clientId));
  });

  app.get<{ Params: { client_id: string } }>('/permalink/client/:client_id', async (request, reply) => {
    const client = requireClient(state.getClient(Number(request.params.client_id)));
    return reply.type('text/html; charset=utf-8').send(renderClientPage(client));
  });
}
