import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCreateClient } from '../../../api/clients';
import { ApiError, describeApiError } from '../../../lib/api-client';
import {
  ClientIdentityFields,
  emptyClientIdentity,
  hasIdentityErrors,
  type ClientIdentityText,
} from './client-identity-fields';

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
  const [identity, setIdentity] = useState<ClientIdentityText>(emptyClientIdentity);
  const [isSaveTried, setIsSaveTried] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  async function submit() {
    setIsSaveTried(true);
    setMessage('');
    if (hasIdentityErrors(identity)) return;
    try {
      const answer = await create.mutateAsync(identity);
      const isPlain = answer.message === '' || answer.message === clientAddedText;
      onAdded(answer.data.client_id, isPlain ? null : answer.message);
    } catch (error) {
      setMessage(describeApiError(error));
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
    }
  }

  return (
    <Modal opened onClose={onClose} title="Add Client" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {message && <Alert color="red">{message}</Alert>}
          <ClientIdentityFields
            value={identity}
            onChange={setIdentity}
            serverErrors={errors}
            isSaveTried={isSaveTried}
          />
          <Text size="xs" c="dimmed">
            The address is placed on the map for the rounds. Set the round, plan and meals on the
            client&apos;s screen, which opens next.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
