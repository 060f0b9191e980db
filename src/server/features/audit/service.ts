import type { Session } from '../../http/session';
import type { AuditRepository } from './repository';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | number;
  detail?: Record<string, unknown>;
};

/** Records who changed what. Secrets never go into `detail`: callers pass field names, not values. */
export function createAuditService(repository: AuditRepository) {
  return {
    async record(session: Session, entry: AuditEntry) {
      await repository.insert({
        accountId: session.accountId,
        userId: session.userId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        detail: entry.detail ?? {},
      });
    },

    /**
     * A change no logged-in user made: a driver through their personal link, or a job. `actor` says who, in the
     * detail (`{ driver_id, via: 'personal_link' }`), since there is no user id to record.
     */
    async recordWithoutUser(accountId: number, entry: AuditEntry & { actor: Record<string, unknown> }) {
      await repository.insert({
        accountId,
        userId: null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        detail: { ...entry.detail, actor: entry.actor },
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
