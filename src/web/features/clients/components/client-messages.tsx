import { Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { Message, MessageStatus } from '../../../../contracts/messages';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { getAccountTimeZone } from '../../../../domain/today';
import { useClientMessages, useSendMessage } from '../../../api/messages';
import { describeApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { ErrorNotice } from '../../../components/error-notice';

const statusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  opted_out: 'Opted out',
  deferred: 'Waiting for the quiet hours to end',
  received: 'Received',
};

/** The darkest shades, so the words keep AA contrast on white. */
const statusColours: Partial<Record<MessageStatus, string>> = {
  delivered: 'teal.9',
  received: 'blue.9',
  undelivered: 'red.9',
  failed: 'red.9',
};

const maxLength = 640;

function SendMessageModal({
  clientId,
  clientName,
  onClose,
}: {
  clientId: number;
  clientName: string;
  onClose: () => void;
}) {
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [errorText, setErrorText] = useState<string | null>(null);

  async function submit() {
    if (!text.trim() || send.isPending) return;
    setErrorText(null);
    try {
      await send.mutateAsync({ client_id: clientId, text: text.trim() });
      onClose();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Send a message to ${clientName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Textarea
          label="Message"
          name="message_text"
          autosize
          minRows={3}
          maxLength={maxLength}
          description={`${text.length} of ${maxLength} characters. Sent by SMS to the client's phone.`}
          value={text}
          data-autofocus
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <ErrorNotice text={errorText} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={send.isPending} disabled={!text.trim()}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MessageRow({ message, timeZone }: { message: Message; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td>{formatShownDateTime(message.created_at, timeZone)}</Table.Td>
      <Table.Td>
        {message.direction === 'in' ? 'From' : 'To'} {message.to}
        {message.channel === 'voice' ? ' (call)' : ''}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} c={statusColours[message.status] ?? 'gray.8'}>
          {statusLabels[message.status]}
        </Text>
        {message.error && (
          <Text size="xs" c="dimmed">
            {message.error}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The client's messages both ways with their statuses, and a dialog to send one. */
export function ClientMessages({ clientId, clientName }: { clientId: number; clientName: string }) {
  const messages = useClientMessages(clientId);
  const { account } = useSession();
  const timeZone = getAccountTimeZone(account?.rounds ?? []);
  const [isSending, setIsSending] = useState(false);

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="client-messages-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="client-messages-title">
          Messages
        </Title>
        <Button size="xs" onClick={() => setIsSending(true)}>
          Send a message
        </Button>
      </Group>
      {messages.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={messages.error?.message} />
      {messages.data?.length === 0 && <Text c="dimmed">No messages yet.</Text>}
      {messages.data && messages.data.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-labelledby="client-messages-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.data.map((message) => (
                <MessageRow key={message.id} message={message} timeZone={timeZone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isSending && (
        <SendMessageModal clientId={clientId} clientName={clientName} onClose={() => setIsSending(false)} />
      )}
    </Paper>
  );
}
