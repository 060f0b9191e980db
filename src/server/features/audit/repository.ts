import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/messages';

/** One line of the audit log: the user is null for a change no logged-in user made. */
export type AuditRow = {
  accountId: number;
  userId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
};

export function createAuditRepository(db: Database) {
  return {
    async insert(row: AuditRow) {
      await db.insert(auditLog).values(row);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
