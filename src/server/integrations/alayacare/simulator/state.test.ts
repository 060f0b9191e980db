import { describe, expect, it } from 'vitest';
import { addDays, formatZonedIso, getIsoWeekday, getZonedDate } from '../../../../domain/zoned-time';
import { demoRoundNames, demoSuburbsByRound } from './demo-places';
import { demoClientTag, demoTimeZone, demoVisitTag } from './demo-seed';
import { createSimulatorState, demoPlanOfClient, demoRoundOfClient } from './state';

const today = '2026-03-16';
const state = createSimulatorState({ today });

const allVisitsOf = (simulator: ReturnType<typeof createSimulatorState>) =>
  simulator.findVisits({
    fromMs: 0,
    toMs: Date.parse('2100-01-01'),
    clientIds: null,
    externalClientIds: null,
    tags: null,
    statuses: null,
  });

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('the demo seed', () => {
  it('has at least 150 clients spread over the five demo rounds', () => {
    expect(state.clients.length).toBeGreaterThanOrEqual(150);
    const perRound = new Map<string, number>();
    for (const client of state.clients) perRound.set(client.round, (perRound.get(client.round) ?? 0) + 1);
    expect([...perRound.keys()].sort()).toEqual([...demoRoundNames].sort());
    for (const count of perRound.values()) expect(count).toBeGreaterThanOrEqual(30);
  });

  it('places every client in a real suburb of its round, within 3 km of the centre', () => {
    for (const client of state.clients) {
      const suburb = demoSuburbsByRound[client.round].find((entry) => entry.name === client.city);
      expect(suburb, `${client.city} in ${client.round}`).toBeDefined();
      expect(client.zip).toBe(suburb?.postcode);
      expect(suburb?.streets.some((street) => client.address.endsWith(street))).toBe(true);
      expect(distanceKm(client, suburb ?? client)).toBeLessThan(3);
      expect(client.state).toBe('NSW');
    }
  });

  it('gives plausible phones, statuses, tags and ids', () => {
    for (const client of state.clients) {
      expect(client.phone).toMatch(/^(02 9\d{3} \d{4}|04\d{2} \d{3} \d{3})$/);
      expect(client.externalId).toMatch(/^HCM-\d{4}$/);
      expect(['active', 'on_hold']).toContain(client.status);
      expect(client.planDays.length).toBeGreaterThanOrEqual(3);
      expect(client.planDays.every((day) => day >= 1 && day <= 5)).toBe(true);
    }
    const share = (predicate: (client: (typeof state.clients)[number]) => boolean) =>
      state.clients.filter(predicate).length / state.clients.length;
    expect(share((client) => client.tags.includes(demoClientTag))).toBeGreaterThan(0.8);
    expect(share((client) => client.tags.includes(demoClientTag))).toBeLessThan(1);
    expect(share((client) => client.status === 'active')).toBeGreaterThan(0.85);
    expect(share((client) => client.status === 'on_hold')).toBeGreaterThan(0);
    expect(new Set(state.clients.map((client) => client.externalId)).size).toBe(state.clients.length);
  });

  it('schedules meal visits only on plan days, 4 weeks either side of today, from 10:00 one after another', () => {
    const all = allVisitsOf(state);
    expect(all.length).toBe(state.visitCount());
    const dates = all.map((visit) => getZonedDate(visit.startMs, demoTimeZone)).sort();
    expect(dates[0]).toBe(addDays(today, -28));
    expect(dates.at(-1)).toBe(addDays(today, 28));
    for (const visit of all) {
      const client = state.getClient(visit.clientId);
      const date = getZonedDate(visit.startMs, demoTimeZone);
      expect(client?.tags).toContain(demoClientTag);
      expect(client?.planDays).toContain(getIsoWeekday(date));
      expect(visit.tags).toEqual([demoVisitTag]);
      const start = formatZonedIso(visit.startMs, demoTimeZone).slice(11, 16);
      const end = formatZonedIso(visit.endMs, demoTimeZone).slice(11, 16);
      expect(start >= '10:00' && end <= '16:00', `${start}-${end}`).toBe(true);
      expect((visit.endMs - visit.startMs) / 60_000).toBeGreaterThanOrEqual(5);
      expect((visit.endMs - visit.startMs) / 60_000).toBeLessThanOrEqual(10);
      if (date < today) expect(['completed', 'cancelled']).toContain(visit.status);
      else expect(['scheduled', 'cancelled', 'on_hold']).toContain(visit.status);
    }
    // A round's visits of a day never overlap: a driver can do them one after another.
    const byRoundDay = new Map<string, typeof all>();
    for (const visit of all) {
      const key = `${state.getClient(visit.clientId)?.round ?? ''} ${getZonedDate(visit.startMs, demoTimeZone)}`;
      byRoundDay.set(key, [...(byRoundDay.get(key) ?? []), visit]);
    }
    for (const visits of byRoundDay.values()) {
      const sorted = [...visits].sort((a, b) => a.startMs - b.startMs);
      for (let index = 1; index < sorted.length; index += 1) {
        expect(sorted[index]!.startMs).toBeGreaterThan(sorted[index - 1]!.endMs);
      }
    }
    const past = all.filter((visit) => getZonedDate(visit.startMs, demoTimeZone) < today);
    expect(past.filter((visit) => visit.status === 'completed').length / past.length).toBeGreaterThan(0.9);
    expect(past.some((visit) => visit.status === 'cancelled')).toBe(true);
  });

  it('is deterministic: the same seed gives the same records whatever the day, and the helpers agree', () => {
    expect(createSimulatorState({ today }).clients).toEqual(state.clients);
    // A week later the overlapping future visits keep their ids and times (the product stores them by id).
    const weekLater = createSimulatorState({ today: addDays(today, 7) });
    const future = allVisitsOf(state).filter(
      (visit) => getZonedDate(visit.startMs, demoTimeZone) > addDays(today, 7),
    );
    expect(future.length).toBeGreaterThan(100);
    for (const visit of future) {
      expect(weekLater.getVisit(visit.id)).toMatchObject({
        clientId: visit.clientId,
        startMs: visit.startMs,
      });
    }
    for (const client of state.clients) {
      expect(demoRoundOfClient(String(client.id))).toBe(client.round);
      expect(demoPlanOfClient(String(client.id))).toEqual(client.planDays);
    }
    expect(demoRoundOfClient('12')).toBeNull();
    expect(demoPlanOfClient('not-an-id')).toBeNull();
  });

  it('seeds the benchmark size (5,000 clients, about 40,000 visits)', () => {
    const big = createSimulatorState({ clients: 5000, weeksBefore: 1, weeksAfter: 1, today });
    expect(big.clients).toHaveLength(5000);
    expect(big.visitCount()).toBeGreaterThan(30_000);
    expect(big.visitCount()).toBeLessThan(50_000);
  });
});
