import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/messages';
import type { Session } from '../../http/session';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | number;
  detail?: Record<string, unknown>;
};

/** Records who changed what. Secrets never go into `detail`: callers pass field names, not values. */
export function createAuditService(db: Database) {
  return {
    async record(session: Session, entry: AuditEntry) {
      await db.insert(auditLog).values({
        accountId: session.accountId,
        userId: session.userId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        detail: entry.detail ?? {},
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
