import { randomUUID } from 'node:crypto';
import {
  defaultLabelColour,
  newLabelName,
  type CreateLabelBody,
  type Label,
  type UpdateLabelBody,
} from '../../../contracts/meals';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import { firstFreeName } from './categories-service';
import type { LabelsRepository } from './labels-repository';
import { isUniqueViolation } from '../../db/unique-violation';

function nameInUse(name: string) {
  return invalidInput(`A label named '${name}' already exists.`, [
    { field: 'name', message: 'This name is already in use.' },
  ]);
}

/** The clients side of a label: a renamed label must follow on the clients that have it. */
export type ClientLabels = {
  renameLabel(accountId: number, oldName: string, newName: string): Promise<unknown>;
};

export function createLabelsService(repository: LabelsRepository, clients?: ClientLabels) {
  async function list(accountId: number): Promise<Label[]> {
    const rows = await repository.list(accountId);
    return rows.map((row) => ({ key: row.key, name: row.name, colour: row.colour }));
  }

  async function guarded(action: () => Promise<void>, name: string) {
    try {
      await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A label named '${name}' already exists.`);
      throw error;
    }
  }

  return {
    list(session: Session) {
      return list(session.accountId);
    },

    /** Adds a label ('New Label', numbered when taken, with the default colour when the body is empty). */
    async add(session: Session, body: CreateLabelBody): Promise<Label[]> {
      const rows = await repository.list(session.accountId);
      const taken = rows.map((row) => row.name);
      if (body?.name !== undefined && taken.some((name) => name.toLowerCase() === body.name?.toLowerCase())) {
        throw nameInUse(body.name);
      }
      const name = body?.name ?? firstFreeName(newLabelName, taken);
      const colour = (body?.colour ?? defaultLabelColour).toLowerCase();
      await guarded(() => repository.insert(session.accountId, { key: randomUUID(), name, colour }), name);
      return list(session.accountId);
    },

    /** Changes one label; a new name is carried to the meals and clients that have it. Answers the full list. */
    async update(session: Session, body: UpdateLabelBody): Promise<Label[]> {
      const rows = await repository.list(session.accountId);
      const row = rows.find((candidate) => candidate.key === body.key);
      if (!row) throw notFound('Label');
      if (rows.some((other) => other.id !== row.id && other.name.toLowerCase() === body.name.toLowerCase())) {
        throw nameInUse(body.name);
      }
      await guarded(
        () =>
          repository.update(session.accountId, row.id, row.name, {
            name: body.name,
            colour: body.colour.toLowerCase(),
          }),
        body.name,
      );
      if (row.name !== body.name) await clients?.renameLabel(session.accountId, row.name, body.name);
      return list(session.accountId);
    },
  };
}
export type LabelsService = ReturnType<typeof createLabelsService>;
