import type { APIRequestContext } from '@playwright/test';
import type { ClientListItem } from '../../src/contracts/clients';
import type { Contact } from '../../src/contracts/contacts';
import type { DriverLink, DriverRun } from '../../src/contracts/driver';
import { demo } from './fixtures';

/** A driver link of a demo round's day (made through the API, as the office's Driver Link button does). */
export async function makeDriverLink(
  request: APIRequestContext,
  roundName: string,
  runDate: string,
): Promise<{ path: string; run: DriverRun; jwt: string }> {
  const login = await request.post('/api/users/login', {
    data: { username: demo.admin, password: demo.password },
  });
  const { data } = (await login.json()) as {
    data: { jwt: string; account: { rounds: { id: number; name: string }[] } };
  };
  const round = data.account.rounds.find((candidate) => candidate.name === roundName);
  if (!round) throw new Error(`no demo round ${roundName}`);
  const headers = { authorization: `Bearer ${data.jwt}` };
  await request.get(`/api/rounds/${String(round.id)}/visits/${runDate}?refresh=true`, {
    headers,
    timeout: 60_000,
  });
  const link = await request.post(`/api/rounds/${String(round.id)}/driver_link`, {
    headers,
    data: { date: runDate },
  });
  const path = new URL(((await link.json()) as { data: DriverLink }).data.url, 'http://localhost').pathname;
  const run = (
    (await (await request.get(`/api/driver/${path.replace('/driver/', '')}/run`)).json()) as {
      data: DriverRun;
    }
  ).data;
  return { path, run, jwt: data.jwt };
}

/** The contacts of the demo client of that name, as the API lists them. */
export async function readClientContacts(
  request: APIRequestContext,
  jwt: string,
  clientName: string,
): Promise<Contact[]> {
  const headers = { authorization: `Bearer ${jwt}` };
  let client: ClientListItem | undefined;
  // The demo has more clients than a page holds.
  for (let page = 1; !client; page += 1) {
    const list = await request.get(`/api/clients?page_size=100&page=${String(page)}`, { headers });
    const { data } = (await list.json()) as { data: ClientListItem[] };
    client = data.find((candidate) => candidate.name === clientName);
    if (data.length < 100) break;
  }
  if (!client) throw new Error(`no demo client ${clientName}`);
  const answer = await request.get(`/api/clients/${String(client.client_id)}/contacts`, { headers });
  return ((await answer.json()) as { data: Contact[] }).data;
}
