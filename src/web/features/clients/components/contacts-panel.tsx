import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ClientDetail } from '../../../../contracts/clients';
import type { Contact } from '../../../../contracts/contacts';
import { listPlanDays } from '../../../../domain/plan-days';
import { useUpdateClient } from '../../../api/clients';
import { useContacts, useSaveContact } from '../../../api/contacts';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { ContactFormModal, RemoveContactModal } from './contact-form-modal';

export const sourceContactText = 'From the CRM';

/**
 * The client's own wish for delivery notices. It is saved with the details form's call, sending the stored details
 * unchanged (allergies and the delivery window left out, so left as they are).
 */
function ClientNoticesSwitch({ client }: { client: ClientDetail }) {
  const update = useUpdateClient(client.client_id);
  const [message, setMessage] = useState('');
  async function change(wantsNotices: boolean) {
    setMessage('');
    try {
      await update.mutateAsync({
        round: client.round,
        labels: client.labels,
        dietary_requirements: client.dietary_requirements,
        plan: client.plan,
        plan_dow: listPlanDays(client.plan_dow).map((day) => (day.isEnabled ? 1 : 0)),
        delivery_instructions: client.delivery_instructions,
        wants_notices: wantsNotices,
      });
    } catch (error) {
      setMessage(describeApiError(error));
    }
  }
  return (
    <Stack gap={4}>
      <Switch
        label="Wants delivery notices"
        description="The client is messaged when the meal is on its way, moved or cancelled."
        checked={client.wants_notices}
        disabled={update.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <ErrorNotice text={message} />
    </Stack>
  );
}

function ContactCard({
  clientId,
  contact,
  count,
  onEdit,
  onRemove,
}: {
  clientId: number;
  contact: Contact;
  count: number;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const save = useSaveContact(clientId);
  const [message, setMessage] = useState('');
  const isFromSource = contact.source === 'crm';
  async function change(body: { priority?: number; wants_notices?: boolean }) {
    setMessage('');
    try {
      await save.mutateAsync({ id: contact.id, body });
    } catch (error) {
      setMessage(describeApiError(error));
    }
  }
  return (
    <Paper withBorder p="xs" radius="sm" component="li" aria-label={contact.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>
              {contact.priority}. {contact.name}
            </Text>
            {contact.relationship && <Text size="sm">{contact.relationship}</Text>}
          </div>
          <Group gap={4}>
            {contact.is_emergency && (
              <Badge color="red" variant="light">
                Emergency contact
              </Badge>
            )}
            {isFromSource && (
              <Badge color="gray" variant="light">
                {sourceContactText}
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap="md">
          {contact.phone && (
            <Anchor href={`tel:${contact.phone}`} size="sm">
              Call {contact.phone}
            </Anchor>
          )}
          {contact.email && (
            <Anchor href={`mailto:${contact.email}`} size="sm">
              {contact.email}
            </Anchor>
          )}
          {!contact.phone && contact.crm_phone && (
            <Text size="sm" c="red.8">
              The CRM&apos;s number &quot;{contact.crm_phone}&quot; is not a phone number: correct it in the
              CRM.
            </Text>
          )}
        </Group>
        <Group justify="space-between" gap="xs">
          <Switch
            size="sm"
            label="Delivery notices"
            checked={contact.wants_notices}
            disabled={save.isPending}
            onChange={(event) => void change({ wants_notices: event.currentTarget.checked })}
          />
          <Group gap={4}>
            <ActionIcon
              variant="default"
              aria-label={`Move ${contact.name} up`}
              disabled={contact.priority <= 1 || save.isPending}
              onClick={() => void change({ priority: contact.priority - 1 })}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={`Move ${contact.name} down`}
              disabled={contact.priority >= count || save.isPending}
              onClick={() => void change({ priority: contact.priority + 1 })}
            >
              ↓
            </ActionIcon>
            {!isFromSource && (
              <>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={`Change ${contact.name}`}
                  onClick={onEdit}
                >
                  Change
                </Button>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  aria-label={`Remove ${contact.name}`}
                  onClick={onRemove}
                >
                  Remove
                </Button>
              </>
            )}
          </Group>
        </Group>
        <ErrorNotice text={message} />
      </Stack>
    </Paper>
  );
}

/**
 * The client screen's Contacts: the client's contacts in the order they are called, the CRM's read-only (they
 * change in the CRM), local ones added, changed and removed here; and the client's own wish for notices.
 */
export function ContactsPanel({ client }: { client: ClientDetail }) {
  const clientId = client.client_id;
  const contacts = useContacts(clientId);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const list = contacts.data ?? [];
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="client-contacts-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="client-contacts-title">
          Contacts
        </Title>
        <Button size="xs" onClick={() => setEditing('new')}>
          Add Contact
        </Button>
      </Group>
      <Stack gap="xs">
        <ClientNoticesSwitch client={client} />
        {contacts.isPending && <Text size="sm">Loading contacts...</Text>}
        <ErrorNotice text={contacts.error?.message} />
        {contacts.data?.length === 0 && <Text size="sm">No contacts.</Text>}
        {list.length > 0 && (
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((contact) => (
              <ContactCard
                key={contact.id}
                clientId={clientId}
                contact={contact}
                count={list.length}
                onEdit={() => setEditing(contact)}
                onRemove={() => setRemoving(contact)}
              />
            ))}
          </Stack>
        )}
        {list.some((contact) => contact.source === 'crm') && (
          <Text size="xs" c="dimmed">
            Contacts from the CRM are changed in the CRM; each sync brings them here.
          </Text>
        )}
      </Stack>
      {editing !== null && (
        <ContactFormModal
          clientId={clientId}
          contact={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <RemoveContactModal clientId={clientId} contact={removing} onClose={() => setRemoving(null)} />
      )}
    </Paper>
  );
}
