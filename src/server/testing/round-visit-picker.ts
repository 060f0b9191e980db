import type { Visit } from '../../contracts/visits';
import type { TestApp } from './test-app';

/** A row of a publish body (`PUT /api/visits`): new times for a visit, on its own day. */
export const timeChange = (visit: Visit, start: string, end: string) => ({
  id: visit.id,
  date: visit.date,
  start,
  end,
  timezone: 'Australia/Sydney',
  service_id: visit.service.id,
});

/**
 * A round's visits of a day as the rounds screen reads them (refreshed from the CRM), and scheduled ones that no
 * earlier test of the file took: each test changes visits of its own.
 */
export function createRoundVisitPicker(t: TestApp, roundId: number, token: string) {
  const used = new Set<number>();
  const getVisits = async (date: string) =>
    (await t.call<Visit[]>('GET', `/api/rounds/${roundId}/visits/${date}?refresh=true`, { token })).body.data;
  return {
    getVisits,
    async takeVisits(count: number, date: string): Promise<Visit[]> {
      const fresh = (await getVisits(date)).filter(
        (visit) => visit.status === 'scheduled' && !used.has(visit.id),
      );
      const taken = fresh.slice(0, count);
      if (taken.length < count) throw new Error(`only ${taken.length} unused visits on ${date}`);
      for (const visit of taken) used.add(visit.id);
      return taken;
    },
  };
}
export type RoundVisitPicker = ReturnType<typeof createRoundVisitPicker>;
