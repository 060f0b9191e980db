/**
 * One visit of a publish request (PUT /api/visits), as the rounds screen and the day planner both send it: the
 * visit's new start and end on its own day, in its timezone. An empty service id keeps the visit's service.
 */
export type PublishEntry = {
  id: number;
  date: string;
  start: string;
  end: string;
  timezone: string;
  service_id: string;
};

export function toPublishEntry(
  visit: { id: number; date: string; timezone: string },
  times: { start: string; end: string },
  serviceId = '',
): PublishEntry {
  const { id, date, timezone } = visit;
  return { id, date, start: times.start, end: times.end, timezone, service_id: serviceId };
}
