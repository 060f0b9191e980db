import type { APIRequestContext } from '@playwright/test';
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
