import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { findClientIdentityErrors } from '../../../../domain/client-identity';
import { useCreateClient } from '../../../api/clients';
import { ErrorNotice } from '../../../components/error-notice';
import { describeApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/field-errors';
import { ClientIdentityFields, emptyClientIdentity, type ClientIdentityText } from './client-identity-fields';
import { FormActions } from '../../../components/form-actions';

/** The server's message of a plain add; any other message carries a caveat the client screen shows. */
export const clientAddedText = 'Client added successfully.';

/**
 * Adds a client kept in MealRounds (an account without a CRM): name, status, phone, external id and address. The
 * round, plan and the rest are set on the client's screen, which opens once the client is added.
 */
export function NewClientModal({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  /** The new client's id, and the server's caveat when there is one (the address could not be checked now). */
  onAdded: (clientId: number, notice: string | null) => void;
}) {
  const create = useCreateClient();
  // Checked as typed and on Add Client: an empty new form does not open with an error.
  const form = useForm<ClientIdentityText>({
    initialValues: emptyClientIdentity,
    validate: findClientIdentityErrors,
    validateInputOnChange: true,
  });
  const [errorText, setErrorText] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (identity) => {
      setErrorText(null);
      try {
        const answer = await create.mutateAsync(identity);
        const isPlain = answer.message === '' || answer.message === clientAddedText;
        onAdded(answer.data.client_id, isPlain ? null : answer.message);
      } catch (error) {
        setErrorText(describeApiError(error));
        form.setErrors(readFieldErrors(error));
      }
    },
    () => setErrorText(null),
  );

  return (
    <Modal opened onClose={onClose} title="Add Client" size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <ErrorNotice text={errorText} />
          <ClientIdentityFields inputProps={(field) => form.getInputProps(field)} />
          <Text size="xs" c="dimmed">
            The address is placed on the map for the rounds. Set the round, plan and meals on the
            client&apos;s screen, which opens next.
          </Text>
          <FormActions onCancel={onClose} submitLabel="Add Client" isPending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
