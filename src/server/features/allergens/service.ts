import { randomUUID } from 'node:crypto';
import type {
  Allergen,
  AllergenClash,
  CreateAllergenBody,
  RenameAllergenBody,
} from '../../../contracts/allergens';
import { findClashingAllergens } from '../../../domain/allergen-clash';
import { formatDayMonthYear } from '../../../domain/weeks';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountToday, type RoundsSource } from '../../shared/account-dates';
import { isUniqueViolation } from '../../db/unique-violation';
import type { ClashesRepository, ClashRow } from './clashes-repository';
import type { AllergenUsage, AllergensRepository } from './repository';

function nameInUse(name: string) {
  return invalidInput(`An allergen named '${name}' already exists.`, [
    { field: 'name', message: 'This name is already in use.' },
  ]);
}

function listSample(names: string[], total: number): string {
  const more = total - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/** 'egg is still used by 2 meals (Quiche, Sponge) and 1 client (Ann Lee). Remove it from them first.' */
export function describeUsage(name: string, usage: AllergenUsage): string {
  const parts: string[] = [];
  if (usage.mealCount > 0) {
    parts.push(
      `${usage.mealCount} ${usage.mealCount === 1 ? 'meal' : 'meals'} (${listSample(usage.meals, usage.mealCount)})`,
    );
  }
  if (usage.clientCount > 0) {
    parts.push(
      `${usage.clientCount} ${usage.clientCount === 1 ? 'client' : 'clients'} (${listSample(usage.clients, usage.clientCount)})`,
    );
  }
  return `'${name}' is still used by ${parts.join(' and ')}. Remove it from them first.`;
}

export function toClash(row: ClashRow): AllergenClash {
  return {
    client_id: row.clientId,
    client: row.clientName,
    date: formatDayMonthYear(row.date),
    meal_key: row.mealKey,
    meal: row.mealName,
    allergens: findClashingAllergens(row.mealAllergens, row.clientAllergies),
  };
}

/** How many of the clashes after a save were not there before it (the same client, day and meal). */
export function countNewClashes(before: readonly AllergenClash[], after: readonly AllergenClash[]): number {
  const keyOf = (clash: AllergenClash) => `${String(clash.client_id)} ${clash.date} ${clash.meal_key}`;
  const known = new Set(before.map(keyOf));
  return after.filter((clash) => !known.has(keyOf(clash))).length;
}

/**
 * The account's allergen list (Settings > Meals) and the clash list for the kitchen. Meals and clients refer to
 * allergens by name: a rename follows into them; a removal is refused while a meal or a client still has it, so
 * no allergy is ever dropped silently (docs/decisions/0013-allergen-clashes.md).
 */
export function createAllergensService(deps: {
  repository: AllergensRepository;
  clashes: ClashesRepository;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  async function list(accountId: number): Promise<Allergen[]> {
    const rows = await repository.list(accountId);
    return rows.map((row) => ({ key: row.key, name: row.name }));
  }

  async function findRow(accountId: number, key: string) {
    const row = (await repository.list(accountId)).find((candidate) => candidate.key === key);
    if (!row) throw notFound('Allergen');
    return row;
  }

  async function guarded(action: () => Promise<void>, name: string) {
    try {
      await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`An allergen named '${name}' already exists.`);
      throw error;
    }
  }

  return {
    list(session: Session): Promise<Allergen[]> {
      return list(session.accountId);
    },

    async add(session: Session, body: CreateAllergenBody): Promise<Allergen[]> {
      const rows = await repository.list(session.accountId);
      if (rows.some((row) => row.name.toLowerCase() === body.name.toLowerCase())) throw nameInUse(body.name);
      const key = randomUUID();
      await guarded(() => repository.insert(session.accountId, { key, name: body.name }), body.name);
      await deps.audit.record(session, {
        action: 'allergen.add',
        targetType: 'allergen',
        targetId: key,
        detail: { name: body.name },
      });
      return list(session.accountId);
    },

    /** Renames one allergen; the meals and clients that have it follow. */
    async rename(session: Session, key: string, body: RenameAllergenBody): Promise<Allergen[]> {
      const rows = await repository.list(session.accountId);
      const row = rows.find((candidate) => candidate.key === key);
      if (!row) throw notFound('Allergen');
      if (rows.some((other) => other.id !== row.id && other.name.toLowerCase() === body.name.toLowerCase())) {
        throw nameInUse(body.name);
      }
      await guarded(
        () => repository.rename(session.accountId, row.id, row.name, body.name, deps.now()),
        body.name,
      );
      await deps.audit.record(session, {
        action: 'allergen.rename',
        targetType: 'allergen',
        targetId: key,
        detail: { from: row.name, to: body.name },
      });
      return list(session.accountId);
    },

    /** Removes an allergen no meal and no client has; else code 6 naming where it is used. */
    async remove(session: Session, key: string): Promise<Allergen[]> {
      const row = await findRow(session.accountId, key);
      if (!(await repository.deleteUnused(session.accountId, row.id, row.name))) {
        throw conflict(describeUsage(row.name, await repository.readUsage(session.accountId, row.name)));
      }
      await deps.audit.record(session, {
        action: 'allergen.remove',
        targetType: 'allergen',
        targetId: key,
        detail: { name: row.name },
      });
      return list(session.accountId);
    },

    /**
     * Names as a meal or a client carries them: each must be on the account's list (code 2 naming the unknown
     * ones under `field`); answers them in the list's spelling, each once.
     */
    async checkNames(accountId: number, names: string[], field: string): Promise<string[]> {
      const known = new Map(
        (await repository.list(accountId)).map((row) => [row.name.toLowerCase(), row.name]),
      );
      const unknown = names.filter((name) => !known.has(name.toLowerCase()));
      if (unknown.length > 0) {
        const listed = unknown.map((name) => `'${name}'`).join(', ');
        throw invalidInput(`Unknown allergen ${listed}.`, [
          { field, message: `Unknown allergen ${listed}.` },
        ]);
      }
      return [...new Set(names.map((name) => known.get(name.toLowerCase()) ?? name))];
    },

    /** Every choice from today on that clashes and is not overridden (the kitchen's list). */
    async listClashes(session: Session): Promise<AllergenClash[]> {
      const today = await readAccountToday(deps.accounts, session.accountId, deps.now());
      return (await deps.clashes.listOpenClashes(session.accountId, today)).map(toClash);
    },

    /**
     * The same for one meal or one client: read before and after a save that changed the meal's allergens or the
     * client's allergies, it tells how many clashes the save created (countNewClashes).
     */
    async listClashesOf(
      accountId: number,
      of: { mealId: number } | { clientId: number },
    ): Promise<AllergenClash[]> {
      const today = await readAccountToday(deps.accounts, accountId, deps.now());
      return (await deps.clashes.listOpenClashes(accountId, today, of)).map(toClash);
    },
  };
}
export type AllergensService = ReturnType<typeof createAllergensService>;
