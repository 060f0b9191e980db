import { z } from 'zod';

export const mealCategorySchema = z.object({ key: z.string(), name: z.string() });
export type MealCategory = z.infer<typeof mealCategorySchema>;
