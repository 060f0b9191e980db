/**
 * How far along a message is: a status callback may arrive late or twice (Twilio does not promise their order), so
 * a message only ever moves forward. The final statuses all share the last step.
 */
const progress = {
  deferred: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  received: 3,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  opted_out: 3,
} as const;

export type DeliveryStatus = keyof typeof progress;

export function isLaterStatus(current: DeliveryStatus, next: DeliveryStatus): boolean {
  return progress[next] > progress[current];
}
