import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Contact, ContactBody } from '../../../../contracts/contacts';
import { useRemoveContact, useSaveContact } from '../../../api/contacts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/field-errors';
import { FormActions } from '../../../components/form-actions';

/** The dialog's text boxes, in order. */
const textFields = [
  { field: 'name', label: 'Name', required: true },
  { field: 'relationship', label: 'Relationship', placeholder: 'Daughter, neighbour, GP ...' },
  { field: 'phone', label: 'Phone', type: 'tel', placeholder: '0412 345 678' },
  { field: 'email', label: 'Email', type: 'email' },
] as const;

/** What the dialog edits: the body less the place in the list, which a new contact takes at the end. */
type ContactValues = Required<Omit<ContactBody, 'priority'>>;

const toValues = (contact: Contact | null): ContactValues => ({
  name: contact?.name ?? '',
  relationship: contact?.relationship ?? '',
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
  is_emergency: contact?.is_emergency ?? false,
  wants_notices: contact?.wants_notices ?? false,
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
  // Checked by the server on Save (the phone read in the account's region); its field errors show on their fields.
  const form = useForm<ContactValues>({ initialValues: toValues(contact) });
  const [errorText, setErrorText] = useState<string | null>(null);

  const submit = form.onSubmit(async (body) => {
    setErrorText(null);
    try {
      await save.mutateAsync(contact ? { id: contact.id, body } : { id: null, body });
      onClose();
    } catch (error) {
      setErrorText(describeApiError(error));
      form.setErrors(readFieldErrors(error));
    }
  });

  const title = contact ? 'Change Contact' : 'Add Contact';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <ErrorNotice text={errorText} />
          {textFields.map(({ field, ...input }) => (
            <TextInput key={field} {...input} {...form.getInputProps(field)} />
          ))}
          <Checkbox
            label="Emergency contact (called when the client does not answer the door)"
            {...form.getInputProps('is_emergency', { type: 'checkbox' })}
          />
          <Checkbox
            label="Wants delivery notices"
            {...form.getInputProps('wants_notices', { type: 'checkbox' })}
          />
          <Text size="xs" c="dimmed">
            A contact needs a phone number or an email address.
          </Text>
          <FormActions onCancel={onClose} submitLabel="Save" isPending={save.isPending} />
        </Stack>
      </form>
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
  return (
    <ConfirmDialog
      title="Remove Contact"
      question={`Remove ${contact.name} from this client's contacts? Their details are not kept anywhere else.`}
      cancelLabel="Keep Contact"
      confirmLabel="Remove"
      confirmColor="red"
      isPending={remove.isPending}
      runAction={() => remove.mutateAsync(contact.id)}
      onClose={onClose}
    />
  );
}
