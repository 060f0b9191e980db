import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/messages';

export type OutboxStatus = (typeof mailOutbox.$inferSelect)['status'];

export type OutboxEntry = {
  recipient: string;
  subject: string;
  body: string;
  status: OutboxStatus;
  error?: string;
};

export function createOutboxRepository(db: Database) {
  return {
    async recordMail(entry: OutboxEntry): Promise<number> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...entry, error: entry.error ?? '' })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('Inserting into mail_outbox returned no row.');
      return row.id;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
