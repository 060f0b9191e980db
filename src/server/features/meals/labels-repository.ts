import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { labels, meals } from '../../db/schema/meals';

export type LabelRow = typeof labels.$inferSelect;

export function createLabelsRepository(db: Database) {
  return {
    list(accountId: number): Promise<LabelRow[]> {
      return db.select().from(labels).where(eq(labels.accountId, accountId)).orderBy(asc(labels.id));
    },

    async insert(accountId: number, values: { key: string; name: string; colour: string }): Promise<void> {
      await db.insert(labels).values({ accountId, ...values });
    },

    /** Changes a label and carries a new name to the account's meals that have the old one. */
    async update(accountId: number, id: number, oldName: string, values: { name: string; colour: string }) {
      await db.transaction(async (tx) => {
        await tx
          .update(labels)
          .set(values)
          .where(and(eq(labels.accountId, accountId), eq(labels.id, id)));
        if (oldName === values.name) return;
        await tx
          .update(meals)
          .set({
            labels: sql`(select coalesce(jsonb_agg(case when item.value = ${oldName} then ${values.name} else item.value end order by item.ordinality), '[]'::jsonb) from jsonb_array_elements_text(${meals.labels}) with ordinality as item(value, ordinality))`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(meals.accountId, accountId),
              sql`${meals.labels} @> jsonb_build_array(cast(${oldName} as text))`,
            ),
          );
      });
    },
  };
}
export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
