import { randomUUID } from 'node:crypto';
import type {
  CreateCategoryBody,
  MealCategory,
  RenameCategoryBody,
  ReorderCategoriesBody,
} from '../../../contracts/meals';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { CategoriesRepository } from './categories-repository';
import { isUniqueViolation } from '../../db/unique-violation';

export const newCategoryName = 'New Category';

/** The first of 'Base', 'Base 2', 'Base 3' ... not in use. */
export function firstFreeName(base: string, taken: Iterable<string>): string {
  const names = new Set([...taken].map((name) => name.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let number = 2; ; number += 1) {
    const candidate = `${base} ${String(number)}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

export function createCategoriesService(repository: CategoriesRepository) {
  async function list(accountId: number): Promise<MealCategory[]> {
    const rows = await repository.listRows(accountId);
    return rows.map((row) => ({ key: row.key, name: row.name }));
  }

  async function nameTaken(accountId: number, name: string, exceptKey?: string) {
    const rows = await repository.listRows(accountId);
    return rows.some((row) => row.key !== exceptKey && row.name.toLowerCase() === name.toLowerCase());
  }

  async function guarded(action: () => Promise<void>, name: string) {
    try {
      await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A category named '${name}' already exists.`);
      throw error;
    }
  }

  return {
    list(session: Session) {
      return list(session.accountId);
    },

    /** The id of the account's category with exactly this name, or undefined. */
    async idByName(session: Session, name: string): Promise<number | undefined> {
      const rows = await repository.listRows(session.accountId);
      return rows.find((row) => row.name === name)?.id;
    },

    async add(session: Session, body: CreateCategoryBody): Promise<MealCategory[]> {
      const rows = await repository.listRows(session.accountId);
      const name =
        body?.name ??
        firstFreeName(
          newCategoryName,
          rows.map((row) => row.name),
        );
      if (body?.name !== undefined && (await nameTaken(session.accountId, name))) {
        throw invalidInput(`A category named '${name}' already exists.`, [
          { field: 'name', message: 'This name is already in use.' },
        ]);
      }
      await guarded(() => repository.insert(session.accountId, randomUUID(), name), name);
      return list(session.accountId);
    },

    async rename(session: Session, body: RenameCategoryBody): Promise<MealCategory[]> {
      if (await nameTaken(session.accountId, body.name, body.key)) {
        throw invalidInput(`A category named '${body.name}' already exists.`, [
          { field: 'name', message: 'This name is already in use.' },
        ]);
      }
      let found = false;
      await guarded(async () => {
        found = await repository.rename(session.accountId, body.key, body.name);
      }, body.name);
      if (!found) throw notFound('Category');
      return list(session.accountId);
    },

    async reorder(session: Session, body: ReorderCategoriesBody): Promise<MealCategory[]> {
      const current = await list(session.accountId);
      const known = new Set(current.map((category) => category.key));
      const sent = new Set(body.keys);
      if (
        sent.size !== body.keys.length ||
        sent.size !== known.size ||
        body.keys.some((key) => !known.has(key))
      ) {
        throw invalidInput('Send every category key of the account once, in the new order.', [
          { field: 'keys', message: 'Send every category key once.' },
        ]);
      }
      await repository.reorder(session.accountId, body.keys);
      return list(session.accountId);
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
