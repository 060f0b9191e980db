import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Contact, ContactBody } from '../../../../contracts/contacts';
import { useRemoveContact, useSaveContact } from '../../../api/contacts';
import { ApiError, describeApiError } from '../../../lib/api-client';

type FormState = {
  name: string;
  relationship: string;
  phone: string;
  email: string;
  isEmergency: boolean;
  wantsNotices: boolean;
};

/** The dialog's text boxes, in order. */
const textFields = [
  { field: 'name', label: 'Name', required: true },
  { field: 'relationship', label: 'Relationship', placeholder: 'Daughter, neighbour, GP ...' },
  { field: 'phone', label: 'Phone', type: 'tel', placeholder: '0412 345 678' },
  { field: 'email', label: 'Email', type: 'email' },
] as const;

const toForm = (contact: Contact | null): FormState => ({
  name: contact?.name ?? '',
  relationship: contact?.relationship ?? '',
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
  isEmergency: contact?.is_emergency ?? false,
  wantsNotices: contact?.wants_notices ?? false,
});

/**
 * Add or change a local contact. The phone is typed as people say it ("0412 345 678"); the server reads it in the
 * account's region and answers it in international form, or says why it is not a phone number.
 */
export function ContactFormModal({
  clientId,
  contact,
  onClose,
}: {
  clientId: number;
  contact: Contact | null;
  onClose: () => void;
}) {
  const save = useSaveContact(clientId);
  const [form, setForm] = useState<FormState>(() => toForm(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  async function submit() {
    const body: ContactBody = {
      name: form.name,
      relationship: form.relationship,
      phone: form.phone,
      email: form.email,
      is_emergency: form.isEmergency,
      wants_notices: form.wantsNotices,
    };
    try {
      await save.mutateAsync(contact ? { id: contact.id, body } : { id: null, body });
      onClose();
    } catch (error) {
      setMessage(describeApiError(error));
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? 'Change Contact' : 'Add Contact'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {message && <Alert color="red">{message}</Alert>}
        {textFields.map(({ field, ...input }) => (
          <TextInput
            key={field}
            {...input}
            value={form[field]}
            error={errors[field]}
            onChange={(event) => setForm({ ...form, [field]: event.currentTarget.value })}
          />
        ))}
        <Checkbox
          label="Emergency contact (called when the client does not answer the door)"
          checked={form.isEmergency}
          onChange={(event) => setForm({ ...form, isEmergency: event.currentTarget.checked })}
        />
        <Checkbox
          label="Wants delivery notices"
          checked={form.wantsNotices}
          onChange={(event) => setForm({ ...form, wantsNotices: event.currentTarget.checked })}
        />
        <Text size="xs" c="dimmed">
          A contact needs a phone number or an email address.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before a local contact is removed: nothing else keeps its details. */
export function RemoveContactModal({
  clientId,
  contact,
  onClose,
}: {
  clientId: number;
  contact: Contact;
  onClose: () => void;
}) {
  const remove = useRemoveContact(clientId);
  const [message, setMessage] = useState('');
  async function confirm() {
    try {
      await remove.mutateAsync(contact.id);
      onClose();
    } catch (error) {
      setMessage(describeApiError(error));
    }
  }
  return (
    <Modal opened onClose={onClose} title="Remove Contact" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {message && <Alert color="red">{message}</Alert>}
        <Text>
          Remove {contact.name} from this client&apos;s contacts? Their details are not kept anywhere else.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Contact
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
