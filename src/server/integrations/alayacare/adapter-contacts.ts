import { createLimiter } from '../../concurrency';
import type { SourceContact } from '../source-system';
import { createSourceError, type SourceHttp } from './adapter-http';
import { wireContactListItemSchema, wireContactSchema, type WireContactListItem } from './wire-types';

const patients = '/ext/api/v2/patients';
const isAlayaCareId = (id: string) => /^\d{1,15}$/.test(id);
const detailConcurrency = 4;

/** The contact's name: first and last name, else the company, else its AlayaCare id. */
function nameOf(item: WireContactListItem): string {
  const demographics = item.demographics;
  const name = [demographics?.first_name ?? '', demographics?.last_name ?? ''].join(' ').trim();
  return name || demographics?.company || `Contact ${item.ac_id ?? String(item.id)}`;
}

export function mapContact(item: WireContactListItem, isEmergency: boolean): SourceContact {
  const demographics = item.demographics;
  return {
    sourceId: String(item.id),
    name: nameOf(item),
    relationship: (item.relationship ?? '').trim() || (demographics?.relationship ?? ''),
    phone: demographics?.phone_main || demographics?.phone_personal || demographics?.phone_other || '',
    email: demographics?.email ?? '',
    isEmergency,
  };
}

/** The AlayaCare calls of client contacts: the client's list, and each contact's `emergency` flag when missing. */
export function createContactOperations(http: SourceHttp) {
  return {
    async listClientContacts(clientSourceId: string): Promise<SourceContact[]> {
      const operation = `list the contacts of client ${clientSourceId}`;
      if (!isAlayaCareId(clientSourceId))
        throw createSourceError(operation, 'it is not an AlayaCare client id');
      const items = await http.readAllPages(
        { operation, method: 'GET', path: `${patients}/clients/${clientSourceId}/contacts` },
        wireContactListItemSchema,
      );
      const enabled = [...new Map(items.map((item) => [item.id, item])).values()].filter(
        (item) => item.status !== 'disabled',
      );
      const runLimited = createLimiter(detailConcurrency);
      return Promise.all(
        enabled.map(async (item) => {
          if (typeof item.emergency === 'boolean') return mapContact(item, item.emergency);
          const contact = await runLimited(() =>
            http.read(
              {
                operation,
                method: 'GET',
                path: `${patients}/contacts/${String(item.id)}`,
                query: { client_id: clientSourceId },
              },
              wireContactSchema,
            ),
          );
          return mapContact(item, contact.emergency === true);
        }),
      );
    },
  };
}
