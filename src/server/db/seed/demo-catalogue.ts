import { eq } from 'drizzle-orm';
import { snapToMonday } from '../../../domain/weeks';
import { getTodayIn } from '../../../domain/today';
import { addDays } from '../../../domain/zoned-time';
import { demoTimeZone } from '../../integrations/alayacare/simulator/demo-seed';
import type { Database } from '../client';
import { mealCategories } from '../schema/clients';
import { labels, meals, menuItems } from '../schema/meals';

const demoLabels = [
  { key: 'gluten-free', name: 'Gluten Free', colour: '#f4a261' },
  { key: 'vegetarian', name: 'Vegetarian', colour: '#2a9d8f' },
  { key: 'diabetic', name: 'Diabetic', colour: '#e76f51' },
  { key: 'low-salt', name: 'Low Salt', colour: '#8ecae6' },
  { key: 'texture-modified', name: 'Texture Modified', colour: '#b5838d' },
  { key: 'halal', name: 'Halal', colour: '#90be6d' },
];

type DemoMeal = [
  description: string,
  state: 'Hot' | 'Frozen' | 'Fresh',
  labels: string[],
  ingredients: string,
];

const GF = 'Gluten Free';
const VEG = 'Vegetarian';
const DIA = 'Diabetic';
const LS = 'Low Salt';
const TM = 'Texture Modified';
const HAL = 'Halal';

/** Per category name: the demo meals. */
export const demoMeals: Record<string, DemoMeal[]> = {
  Soup: [
    ['Pumpkin Soup', 'Hot', [GF, VEG, LS], 'Butternut pumpkin, onion, vegetable stock, cream, nutmeg'],
    [
      'Chicken and Vegetable Soup',
      'Hot',
      [GF, HAL],
      'Chicken, carrot, celery, potato, chicken stock, parsley',
    ],
    ['Minestrone', 'Hot', [VEG], 'Tomato, borlotti beans, pasta, carrot, celery, zucchini, basil'],
    ['Pea and Ham Soup', 'Frozen', [GF], 'Split peas, ham hock, onion, carrot, bay leaf'],
    ['Cream of Mushroom Soup', 'Hot', [VEG, TM], 'Mushrooms, onion, cream, thyme, vegetable stock, flour'],
    [
      'Lentil and Vegetable Soup',
      'Frozen',
      [GF, VEG, DIA, HAL],
      'Red lentils, carrot, celery, cumin, tomato',
    ],
    ['Potato and Leek Soup', 'Hot', [GF, VEG, TM], 'Potato, leek, onion, milk, vegetable stock'],
    ['Beef and Barley Soup', 'Frozen', [LS], 'Beef chuck, pearl barley, carrot, celery, onion, beef stock'],
    ['Tomato and Basil Soup', 'Fresh', [GF, VEG, DIA], 'Roma tomato, basil, garlic, onion, olive oil'],
  ],
  Main: [
    [
      'Roast Chicken with Vegetables',
      'Hot',
      [GF, HAL, DIA],
      'Chicken, potato, pumpkin, carrot, peas, gravy (gluten free)',
    ],
    ['Beef Casserole', 'Hot', [GF, LS], 'Beef chuck, carrot, onion, mushroom, potato, red wine jus'],
    [
      'Shepherd’s Pie',
      'Frozen',
      [TM],
      'Lamb mince, carrot, peas, onion, mashed potato, Worcestershire sauce',
    ],
    [
      'Vegetable Lasagne',
      'Frozen',
      [VEG],
      'Lasagne sheets, zucchini, eggplant, spinach, ricotta, tomato sauce',
    ],
    [
      'Fish with Lemon Butter Sauce',
      'Hot',
      [GF, DIA],
      'Hoki fillet, lemon, butter, parsley, potato mash, beans',
    ],
    [
      'Lamb Curry with Rice',
      'Hot',
      [GF, HAL],
      'Lamb shoulder, onion, tomato, curry spices, yoghurt, basmati rice',
    ],
    ['Spaghetti Bolognese', 'Frozen', [LS], 'Spaghetti, beef mince, tomato, onion, carrot, parmesan'],
    ['Chicken Cacciatore', 'Hot', [GF, HAL, LS], 'Chicken thigh, tomato, capsicum, olives, onion, polenta'],
    [
      'Vegetable and Chickpea Curry',
      'Frozen',
      [GF, VEG, DIA, HAL],
      'Chickpeas, cauliflower, potato, spinach, coconut milk, rice',
    ],
    [
      'Corned Beef with White Sauce',
      'Hot',
      [TM],
      'Corned silverside, white sauce, mashed potato, carrot, cabbage',
    ],
    [
      'Minced Beef and Gravy (Minced & Moist)',
      'Hot',
      [TM, GF, LS],
      'Beef mince, gluten free gravy, mashed pumpkin, mashed potato',
    ],
    ['Salmon Rissoles', 'Fresh', [DIA], 'Salmon, potato, egg, breadcrumbs, dill, salad greens'],
  ],
  Dessert: [
    ['Apple Crumble with Custard', 'Hot', [VEG], 'Apple, oats, flour, butter, brown sugar, custard'],
    ['Rice Pudding', 'Fresh', [GF, VEG, TM], 'Arborio rice, milk, vanilla, cinnamon, sugar'],
    ['Sugar-Free Jelly and Fruit', 'Fresh', [GF, DIA, VEG, HAL], 'Sugar-free jelly, peaches, pears'],
    ['Bread and Butter Pudding', 'Hot', [VEG], 'Bread, butter, eggs, milk, sultanas, nutmeg'],
    ['Stewed Fruit and Yoghurt', 'Fresh', [GF, VEG, DIA, TM], 'Apricots, apples, natural yoghurt'],
    ['Sticky Date Pudding', 'Frozen', [VEG], 'Dates, flour, butter, brown sugar, butterscotch sauce'],
    ['Chocolate Mousse', 'Fresh', [GF, VEG, TM], 'Dark chocolate, cream, eggs, sugar'],
    ['Lemon Sago', 'Fresh', [GF, VEG, HAL], 'Sago, lemon, golden syrup, sugar'],
  ],
  Salad: [
    [
      'Chicken Caesar Salad',
      'Fresh',
      [HAL],
      'Cos lettuce, chicken, croutons, parmesan, egg, Caesar dressing',
    ],
    ['Greek Salad', 'Fresh', [GF, VEG, DIA], 'Tomato, cucumber, olives, red onion, feta, oregano'],
    ['Potato Salad', 'Fresh', [GF, VEG], 'Potato, egg, spring onion, mayonnaise, chives'],
    ['Tuna and Bean Salad', 'Fresh', [GF, DIA, LS], 'Tuna, cannellini beans, red onion, parsley, lemon'],
    [
      'Roast Pumpkin and Quinoa Salad',
      'Fresh',
      [GF, VEG, DIA, HAL],
      'Pumpkin, quinoa, spinach, feta, pepitas',
    ],
    ['Ham and Egg Salad', 'Fresh', [GF], 'Ham, egg, lettuce, tomato, cucumber, beetroot'],
  ],
  Sandwich: [
    ['Egg and Lettuce Sandwich', 'Fresh', [VEG], 'Wholemeal bread, egg, lettuce, mayonnaise'],
    ['Ham, Cheese and Tomato Sandwich', 'Fresh', [], 'White bread, ham, cheddar, tomato, butter'],
    ['Chicken and Avocado Wrap', 'Fresh', [HAL], 'Tortilla, chicken, avocado, lettuce, mayonnaise'],
    [
      'Gluten Free Salad Sandwich',
      'Fresh',
      [GF, VEG, DIA],
      'Gluten free bread, lettuce, tomato, cucumber, carrot, beetroot',
    ],
    ['Tuna and Cucumber Sandwich', 'Fresh', [LS, DIA], 'Multigrain bread, tuna, cucumber, mayonnaise'],
    ['Roast Beef and Pickle Sandwich', 'Fresh', [], 'Rye bread, roast beef, pickles, mustard'],
    ['Cheese and Vegemite Sandwich', 'Fresh', [VEG], 'White bread, cheddar, Vegemite, butter'],
  ],
};

const keepCold = 'Keep in the fridge (5 °C or below) and eat cold.';

/** The demo's reheating instructions: by meal state, with a word for texture-modified meals (stir, check). */
export function describeDemoReheating(category: string, state: DemoMeal[1], labels: string[]): string {
  const texture = labels.includes(TM)
    ? ' Stir well after heating and check there are no hard pieces or lumps before serving.'
    : '';
  switch (state) {
    case 'Hot':
      return category === 'Soup'
        ? `Best eaten on delivery. If kept, refrigerate within 2 hours and reheat in a saucepan or microwave, stirring, until steaming hot.${texture}`
        : `Best eaten on delivery. If kept, refrigerate within 2 hours; reheat covered in the microwave on high for 2-3 minutes until piping hot.${texture}`;
    case 'Frozen':
      return `Keep frozen. Thaw overnight in the fridge, then microwave covered on high for 3-4 minutes, stir, and heat 1 more minute until piping hot throughout. Do not refreeze.${texture}`;
    case 'Fresh':
      return `${keepCold}${texture}`;
  }
}

/** How many meals of each category the demo menu offers per day. */
const perDay: Record<string, number> = { Soup: 2, Main: 3, Dessert: 2, Salad: 1, Sandwich: 2 };

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Gives the demo account its catalogue: labels, 40-odd meals in its categories, and a weekly menu for the week
 * before this one, this one and the next four (every day, meals rotating so weeks differ).
 */
export async function seedDemoCatalogue(db: Database, accountId: number, today = getTodayIn(demoTimeZone)) {
  await db.insert(labels).values(demoLabels.map((label) => ({ accountId, ...label })));
  const categoryRows = await db.select().from(mealCategories).where(eq(mealCategories.accountId, accountId));
  const categoryIdByName = new Map(categoryRows.map((row) => [row.name, row.id]));
  const mealIdsByCategory = new Map<string, number[]>();
  for (const [category, list] of Object.entries(demoMeals)) {
    const categoryId = categoryIdByName.get(category) ?? null;
    const inserted = await db
      .insert(meals)
      .values(
        list.map(([description, mealState, mealLabels, ingredients]) => ({
          accountId,
          key: slug(description),
          description,
          ingredients,
          categoryId,
          mealState,
          labels: mealLabels,
          reheatingInstructions: describeDemoReheating(category, mealState, mealLabels),
          isActive: true,
        })),
      )
      .returning({ id: meals.id });
    if (categoryId !== null)
      mealIdsByCategory.set(
        category,
        inserted.map((row) => row.id),
      );
  }
  const firstMonday = addDays(snapToMonday(today), -7);
  const items: { accountId: number; date: string; mealId: number; position: number }[] = [];
  for (let day = 0; day < 6 * 7; day += 1) {
    const date = addDays(firstMonday, day);
    let position = 0;
    for (const [category, ids] of mealIdsByCategory) {
      const count = Math.min(perDay[category] ?? 1, ids.length);
      for (let index = 0; index < count; index += 1) {
        const mealId = ids[(day * count + index) % ids.length];
        if (mealId !== undefined) items.push({ accountId, date, mealId, position: position++ });
      }
    }
  }
  await db.insert(menuItems).values(items);
}
