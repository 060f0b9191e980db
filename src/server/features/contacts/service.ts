import type { Contact, ContactInput, ContactUpdateInput } from '../../../contracts/contacts';
import {
  contactReachMessage,
  findFirstEmergencyContact,
  isContactReachable,
  moveToPosition,
} from '../../../domain/client-contacts';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { conflict, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import { readAccountTimeZone, type RoundsSource } from '../../shared/account-dates';
import type { ContactRow, ContactsRepository, ContactValues, Executor } from './repository';

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    relationship: row.relationship,
    phone: row.phone,
    email: row.email,
    is_emergency: row.isEmergency,
    priority: row.priority,
    wants_notices: row.wantsNotices,
    source: row.source,
    crm_phone: row.sourcePhoneText,
  };
}

export const sourceContactMessage =
  'This contact is kept in the CRM: change or remove it there, and the next sync brings the change here.';

/** The fields of a CRM contact the CRM keeps (a PUT may repeat them, never change them). */
const sourceFields = ['name', 'relationship', 'phone', 'email', 'is_emergency'] as const;

/**
 * A client's contacts: list, add, change, reorder and remove local ones (each change audited); CRM contacts are
 * the CRM's (contacts-sync.ts), so only their place in the list and their wish for notices change here.
 */
export function createContactsService(deps: {
  repository: ContactsRepository;
  accounts: RoundsSource;
  audit: AuditService;
  now: () => Date;
}) {
  const { repository } = deps;

  /** A typed phone number in E.164 ('' stays ''), or code 2 on `phone`. */
  async function readPhone(accountId: number, text: string): Promise<string> {
    if (text.trim() === '') return '';
    const region = getPhoneRegion(await readAccountTimeZone(deps.accounts, accountId));
    const parsed = parsePhoneNumber(text, region);
    if (!parsed.isValid) {
      throw invalidInput('The phone number is not valid.', [{ field: 'phone', message: parsed.message }]);
    }
    return parsed.e164;
  }

  function refuseUnreachable(values: { phone: string; email: string }) {
    if (!isContactReachable(values)) {
      throw invalidInput(contactReachMessage, [{ field: 'phone', message: contactReachMessage }]);
    }
  }

  /** Runs a change of the client's list under its lock; the list is renumbered in the order `work` answers. */
  async function change<T>(
    session: Session,
    clientId: number,
    work: (
      tx: Parameters<Parameters<ContactsRepository['withClientLocked']>[2]>[0],
      contacts: ContactRow[],
    ) => Promise<{ value: T; order: number[] }>,
  ): Promise<T> {
    const result = await repository.withClientLocked(session.accountId, clientId, async (tx, contacts) => {
      const { value, order } = await work(tx, contacts);
      await repository.renumber(tx, order);
      return value;
    });
    if (result === null) throw notFound('Client');
    return result;
  }

  const findContact = (contacts: ContactRow[], contactId: number) => {
    const contact = contacts.find((candidate) => candidate.id === contactId);
    if (!contact) throw notFound('Contact');
    return contact;
  };

  async function record(session: Session, action: string, clientId: number, row: ContactRow) {
    await deps.audit.record(session, {
      action: `client_contact.${action}`,
      targetType: 'client',
      targetId: clientId,
      detail: { contact: row.id, name: row.name, source: row.source },
    });
  }

  async function readContact(accountId: number, clientId: number, contactId: number): Promise<Contact> {
    const rows = await repository.listContacts(accountId, clientId);
    return toContact(findContact(rows, contactId));
  }

  return {
    async listContacts(session: Session, clientId: number): Promise<Contact[]> {
      if (!(await repository.isClientVisible(session.accountId, clientId))) throw notFound('Client');
      return (await repository.listContacts(session.accountId, clientId)).map(toContact);
    },

    async createContact(session: Session, clientId: number, input: ContactInput): Promise<Contact> {
      const values: ContactValues = {
        name: input.name,
        relationship: input.relationship,
        phone: await readPhone(session.accountId, input.phone),
        sourcePhoneText: '',
        email: input.email,
        isEmergency: input.is_emergency,
        wantsNotices: input.wants_notices,
      };
      refuseUnreachable(values);
      const row = await change(session, clientId, async (tx, contacts) => {
        const key = {
          accountId: session.accountId,
          clientId,
          source: 'local' as const,
          sourceContactId: null,
        };
        const inserted = await repository.insert(tx, key, values, deps.now());
        const ids = [...contacts.map((contact) => contact.id), inserted.id];
        return { value: inserted, order: moveToPosition(ids, inserted.id, input.priority ?? ids.length) };
      });
      await record(session, 'create', clientId, row);
      return readContact(session.accountId, clientId, row.id);
    },

    async updateContact(
      session: Session,
      clientId: number,
      contactId: number,
      body: ContactUpdateInput,
    ): Promise<Contact> {
      const phone = body.phone === undefined ? undefined : await readPhone(session.accountId, body.phone);
      const row = await change(session, clientId, async (tx, contacts) => {
        const found = findContact(contacts, contactId);
        const current = toContact(found);
        const wanted = { ...current, ...body, ...(phone === undefined ? {} : { phone }) };
        if (found.source === 'crm' && sourceFields.some((field) => wanted[field] !== current[field])) {
          throw conflict(sourceContactMessage);
        }
        refuseUnreachable(wanted);
        await repository.update(
          tx,
          found.id,
          {
            name: wanted.name,
            relationship: wanted.relationship,
            phone: wanted.phone,
            email: wanted.email,
            isEmergency: wanted.is_emergency,
            wantsNotices: wanted.wants_notices,
          },
          deps.now(),
        );
        const ids = contacts.map((contact) => contact.id);
        return {
          value: found,
          order: body.priority === undefined ? ids : moveToPosition(ids, found.id, body.priority),
        };
      });
      await record(session, 'update', clientId, row);
      return readContact(session.accountId, clientId, row.id);
    },

    async deleteContact(session: Session, clientId: number, contactId: number): Promise<void> {
      const row = await change(session, clientId, async (tx, contacts) => {
        const found = findContact(contacts, contactId);
        if (found.source === 'crm') throw conflict(sourceContactMessage);
        await repository.remove(tx, [found.id]);
        return {
          value: found,
          order: contacts.filter((contact) => contact.id !== found.id).map((c) => c.id),
        };
      });
      await record(session, 'delete', clientId, row);
    },

    /** A client's contacts in order, for other features (welfare checks); inside their transaction when given. */
    async listClientContacts(accountId: number, clientId: number, executor?: Executor): Promise<Contact[]> {
      return (await repository.listContacts(accountId, clientId, executor)).map(toContact);
    },

    /** Whom a user may message as a contact (the messages feature): name, phone, and whose contact. */
    async findContactRecipient(accountId: number, contactId: number) {
      const row = await repository.findContact(accountId, contactId);
      return row && { name: row.name, phone: row.phone, clientId: row.clientId };
    },

    /** The first emergency contact of each of these clients that has one (the driver run sheet). */
    async findFirstEmergencyContacts(accountId: number, clientIds: number[]): Promise<Map<number, Contact>> {
      const byClient = new Map<number, ContactRow[]>();
      for (const row of await repository.listContactsOf(accountId, [...new Set(clientIds)])) {
        byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
      }
      const firsts = new Map<number, Contact>();
      for (const [clientId, rows] of byClient) {
        const first = findFirstEmergencyContact(rows);
        if (first) firsts.set(clientId, toContact(first));
      }
      return firsts;
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
