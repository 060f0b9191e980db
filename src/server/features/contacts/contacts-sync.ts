import { orderAfterSync } from '../../../domain/client-contacts';
import { getPhoneRegion, parsePhoneNumber, type ParsedPhoneNumber } from '../../../domain/phone-numbers';
import type { CountryCode } from 'libphonenumber-js/min';
import { createLimiter } from '../../concurrency';
import { SourceFailure, type SourceContact, type SourceSystem } from '../../integrations/source-system';
import { readAccountTimeZone, type RoundsSource } from '../../shared/account-dates';
import type { ContactRow, ContactsRepository, ContactValues } from './repository';

export type ContactSyncResult = { clients: number; changed: number; failed: number };
export type ContactSyncLog = { warn(obj: object, msg: string): void };

/** Clients whose contacts are read from the CRM at once. */
const clientConcurrency = 4;

/**
 * The CRM's values of a contact. A CRM number is read into E.164 in the account's region; one that cannot be read
 * is kept as no phone, with the CRM's text beside it so the office sees what to correct in the CRM.
 */
type SourceValues = Omit<ContactValues, 'wantsNotices'>;

function toValues(contact: SourceContact, region: CountryCode): SourceValues {
  const raw = contact.phone.trim();
  const parsed: ParsedPhoneNumber | null = raw === '' ? null : parsePhoneNumber(raw, region);
  return {
    name: contact.name.trim() || 'Contact',
    relationship: contact.relationship.trim(),
    phone: parsed?.isValid ? parsed.e164 : '',
    sourcePhoneText: parsed && !parsed.isValid ? raw : '',
    email: contact.email.trim(),
    isEmergency: contact.isEmergency,
  };
}

const isSame = (row: ContactRow, values: SourceValues) =>
  row.name === values.name &&
  row.relationship === values.relationship &&
  row.phone === values.phone &&
  row.sourcePhoneText === values.sourcePhoneText &&
  row.email === values.email &&
  row.isEmergency === values.isEmergency;

/** Does the CRM's list change anything of the client's CRM contacts? */
function hasChanges(rows: ContactRow[], listed: Map<string, SourceValues>): boolean {
  const sourceRows = rows.filter((row) => row.source === 'crm');
  if (sourceRows.length !== listed.size) return true;
  return sourceRows.some((row) => {
    const values = listed.get(row.sourceContactId ?? '');
    return values === undefined || !isSame(row, values);
  });
}

/**
 * Contacts from the CRM, read with the clients: each client's CRM contacts are replaced by the CRM's list (matched
 * by the CRM's id, so a contact keeps its place and its wish for notices), local contacts are kept. A client whose
 * list cannot be read keeps its contacts; once the CRM stops answering (or refuses the login) the rest wait for
 * the next sync.
 */
export function createContactsSync(deps: {
  repository: ContactsRepository;
  accounts: RoundsSource;
  now: () => Date;
  log: ContactSyncLog;
}) {
  const { repository } = deps;

  /** Applies one client's CRM list under the client's lock; answers whether anything changed. */
  async function applyClient(accountId: number, clientId: number, listed: Map<string, SourceValues>) {
    const result = await repository.withClientLocked(accountId, clientId, async (tx, rows) => {
      if (!hasChanges(rows, listed)) return false;
      const now = deps.now();
      const bySourceId = new Map(rows.map((row) => [row.sourceContactId, row]));
      const gone = rows.filter((row) => row.source === 'crm' && !listed.has(row.sourceContactId ?? ''));
      await repository.remove(
        tx,
        gone.map((row) => row.id),
      );
      const added: ContactRow[] = [];
      for (const [sourceContactId, values] of listed) {
        const existing = bySourceId.get(sourceContactId);
        if (!existing) {
          const key = { accountId, clientId, source: 'crm' as const, sourceContactId };
          added.push(await repository.insert(tx, key, { ...values, wantsNotices: false }, now));
        } else if (!isSame(existing, values)) {
          await repository.update(tx, existing.id, values, now);
        }
      }
      const order = orderAfterSync(rows, new Set(listed.keys()), added);
      await repository.renumber(
        tx,
        order.map((row) => row.id),
      );
      return true;
    });
    return result === true;
  }

  return {
    async syncContacts(
      accountId: number,
      source: Pick<SourceSystem, 'listClientContacts'>,
    ): Promise<ContactSyncResult> {
      const region = getPhoneRegion(await readAccountTimeZone(deps.accounts, accountId));
      const clients = await repository.listVisibleClients(accountId);
      const runLimited = createLimiter(clientConcurrency);
      const result: ContactSyncResult = { clients: clients.length, changed: 0, failed: 0 };
      let stopReason: string | null = null;
      await Promise.all(
        clients.map((client) =>
          runLimited(async () => {
            if (stopReason !== null) {
              result.failed += 1;
              return;
            }
            try {
              const contacts = await source.listClientContacts(client.sourceId);
              const listed = new Map(
                contacts.map((contact) => [contact.sourceId, toValues(contact, region)]),
              );
              if (await applyClient(accountId, client.id, listed)) result.changed += 1;
            } catch (error) {
              result.failed += 1;
              const message = error instanceof Error ? error.message : String(error);
              deps.log.warn(
                { accountId, clientId: client.id, err: message },
                'Contact sync of a client failed',
              );
              if (error instanceof SourceFailure && error.kind !== 'bad_answer') stopReason = message;
            }
          }),
        ),
      );
      return result;
    },
  };
}
export type ContactsSync = ReturnType<typeof createContactsSync>;
