import { sql, type SQL } from 'drizzle-orm';

/** A stored choice with its client's allergies and its meal's allergens; `date` is YYYY-MM-DD. */
export type ChoiceAllergensRow = {
  clientId: number;
  clientName: string;
  date: string;
  mealKey: string;
  mealName: string;
  mealAllergens: string[];
  clientAllergies: string[];
};

/**
 * The choices (`c`, with client `cl` and meal `m`) that pass `where`, as ChoiceAllergensRow plus `extraColumns`,
 * by date, client and meal: the one query shape of the clash list (features/allergens) and the kitchen's
 * override flags (features/reports).
 */
export function selectChoiceAllergens(where: SQL, extraColumns: SQL = sql``): SQL {
  return sql`select c.client_id as "clientId", cl.name as "clientName", c.date, m.key as "mealKey",
      m.description as "mealName", m.allergens as "mealAllergens", cl.allergies as "clientAllergies" ${extraColumns}
    from client_meal_choices c
    join clients cl on cl.id = c.client_id and cl.account_id = c.account_id
    join meals m on m.id = c.meal_id
    where ${where}
    order by c.date, cl.name, cl.id, m.description, m.id`;
}

/**
 * Does the meal `m` contain one of the client `cl`'s allergies? The SQL form of domain/allergen-clash.ts (names
 * compared without case and surrounding spaces). Most clients have no allergy and many meals no allergen: the
 * lengths are checked first, so a week's choices are not each unpacked into two sets (a tenth of a second for
 * 5,000 clients).
 */
export const mealClashesWithClient = sql`(jsonb_array_length(cl.allergies) > 0
  and jsonb_array_length(m.allergens) > 0 and exists (
  select 1 from jsonb_array_elements_text(m.allergens) as contained(name)
  join jsonb_array_elements_text(cl.allergies) as allergy(name)
    on lower(trim(contained.name)) = lower(trim(allergy.name))))`;
