import { randomUUID } from 'node:crypto';

/**
 * One request of a benchmark mix: a GET unless a method and JSON body are given. `isRefused` tells an answer
 * that is a 2xx all the same but did not do the work (an outcome the server did not accept), counted as an error.
 */
export type BenchRequest = {
  path: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  isRefused?: (answer: unknown) => boolean;
};
/** One route of the mix: how many of every schedule's requests it gets, and its `count`-th request. */
export type MixRoute = { name: string; share: number; request: (count: number) => BenchRequest };

type GetJson = <T>(path: string, jwt: string) => Promise<T>;
type Choice = {
  quantity: number;
  meal_state: string;
  cook_deliver: string;
  comment: string;
  allergen_override?: string;
};
type ClientWeek = { meal_choices: Record<string, Record<string, Choice>>; day_states: { date: string }[] };
type DriverRun = { stops: { visit_id: number; status: string }[] };

/** A route that cycles through fixed requests. */
export function cycle(name: string, share: number, requests: BenchRequest[]): MixRoute {
  return { name, share, request: (count) => requests[count % requests.length] as BenchRequest };
}

/** DD-MM-YYYY of the Monday a week after `from` (a week whose days are all still open for choices). */
function nextWeekMonday(from: Date): string {
  const date = new Date(from.getTime() + 7 * 86_400_000);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  const iso = date.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/**
 * Meal-choice saves as the client meals screen sends them: PUT /api/clients/{id} with every day of next week,
 * each day's ticked meals in full; each save changes the first meal's quantity (1, 2, 1, ...) so it writes.
 */
export async function buildMealChoiceSaves(
  getJson: GetJson,
  jwt: string,
  clientIds: number[],
): Promise<MixRoute> {
  const week = nextWeekMonday(new Date());
  const weeks = await Promise.all(
    clientIds.map(async (id) => ({
      id,
      week: await getJson<ClientWeek>(`/api/clients/${id}?week=${week}`, jwt),
    })),
  );
  const chosen = weeks.filter(({ week: detail }) => Object.keys(detail.meal_choices).length > 0);
  if (chosen.length === 0) throw new Error('no client has meal choices next week');
  return {
    name: 'PUT /api/clients/{id} meal_choices',
    share: 2,
    request: (count) => {
      const { id, week: detail } = chosen[count % chosen.length] as (typeof chosen)[number];
      const quantity = 1 + (Math.floor(count / chosen.length) % 2);
      const days = detail.day_states.map(({ date }) => {
        const meals = Object.entries(detail.meal_choices[date] ?? {}).map(([key, choice], index) => [
          key,
          index === 0 ? { ...choice, quantity } : choice,
        ]);
        return [date, Object.fromEntries(meals)];
      });
      return { path: `/api/clients/${id}`, method: 'PUT', body: { meal_choices: Object.fromEntries(days) } };
    },
  };
}

/**
 * Driver outcomes through driver links: a link per round for each of `dates` (ISO), and each post one
 * `delivered` outcome with a new phone id for the next stop, from an address of the link's own phones, so the
 * per-address limit of the outcomes route sees phones, not the benchmark. The mix posts far faster than drivers
 * do (20 and more a second), so each link's stops take its `phonesPerLink` phones in turn: 10 links of 20 phones
 * keep every phone under the limit of 30 a minute up to 100 outcomes a second.
 */
export async function buildDriverOutcomePosts(
  base: string,
  jwt: string,
  rounds: { id: number }[],
  dates: string[],
): Promise<MixRoute> {
  const phonesPerLink = 20;
  const stopsByLink: { token: string; visitId: number; addresses: string[] }[][] = [];
  for (const round of rounds) {
    for (const date of dates) {
      const response = await fetch(`${base}/api/rounds/${round.id}/driver_link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ date }),
      });
      if (!response.ok) throw new Error(`driver link answered ${response.status}: ${await response.text()}`);
      const { data } = (await response.json()) as { data: { url: string } };
      const token = data.url.split('/').pop() ?? '';
      const addresses = Array.from(
        { length: phonesPerLink },
        (_, phone) => `10.${String(round.id % 250)}.${String(dates.indexOf(date))}.${String(phone + 1)}`,
      );
      const runResponse = await fetch(`${base}/api/driver/${token}/run`, {
        headers: { 'x-forwarded-for': addresses[0] as string },
      });
      if (!runResponse.ok) throw new Error(`driver run answered ${runResponse.status}`);
      const run = ((await runResponse.json()) as { data: DriverRun }).data;
      stopsByLink.push(
        run.stops
          .filter((entry) => entry.status !== 'cancelled')
          .map((stop) => ({ token, visitId: stop.visit_id, addresses })),
      );
    }
  }
  // Taken from each link in turn, as drivers out at once post: a link's stops one after another would send one
  // phone's address past the outcomes route's limit per address (30 a minute) in a run of a minute or more.
  const longest = Math.max(0, ...stopsByLink.map((linkStops) => linkStops.length));
  const stops = Array.from({ length: longest }, (_, index) =>
    stopsByLink.flatMap((linkStops) =>
      linkStops
        .slice(index, index + 1)
        .map((stop) => ({ ...stop, address: stop.addresses[index % phonesPerLink] as string })),
    ),
  ).flat();
  if (stops.length === 0) throw new Error('no driver run has a stop');
  return {
    name: 'POST /api/driver/{token}/outcomes',
    share: 1,
    request: (count) => {
      const stop = stops[count % stops.length] as (typeof stops)[number];
      const outcome = {
        id: randomUUID(),
        visit_id: stop.visitId,
        outcome: 'delivered',
        recorded_at: new Date().toISOString(),
      };
      return {
        path: `/api/driver/${stop.token}/outcomes`,
        method: 'POST',
        body: [outcome],
        headers: { 'x-forwarded-for': stop.address },
        isRefused: (answer) =>
          (answer as { data?: { accepted: boolean }[] }).data?.some((result) => !result.accepted) ?? true,
      };
    },
  };
}
