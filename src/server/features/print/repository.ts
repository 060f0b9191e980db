import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { printFiles } from '../../db/schema/print';

export type NewPrintFile = typeof printFiles.$inferInsert;

export function createPrintRepository(db: Database) {
  return {
    async insertFile(values: NewPrintFile) {
      await db.insert(printFiles).values(values);
    },

    /** The file behind a link, only while the link is valid. */
    async findValidFile(id: string, now: Date) {
      const [row] = await db
        .select({ fileName: printFiles.fileName, content: printFiles.content })
        .from(printFiles)
        .where(and(eq(printFiles.id, id), gt(printFiles.expiresAt, now)));
      return row;
    },

    async deleteExpiredFiles(now: Date) {
      await db.delete(printFiles).where(lte(printFiles.expiresAt, now));
    },
  };
}
export type PrintRepository = ReturnType<typeof createPrintRepository>;
