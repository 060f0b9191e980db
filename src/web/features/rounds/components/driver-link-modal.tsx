import { Alert, Anchor, Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import { useClipboard } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { DriverLink } from '../../../../contracts/driver';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { isValidEmail } from '../../../../domain/validation';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { describeApiError } from '../../../lib/api-client';
import {
  useCreateDriverLink,
  useDriverLinkStatus,
  useEmailDriverLink,
  useRevokeDriverLinks,
} from '../../../api/driver-links';
import { LinkQrCode } from './link-qr-code';

type DriverLinkModalProps = {
  round: { id: number; name: string; timezone: string };
  date: string;
  onClose: () => void;
};

/** The link as the driver opens it: the app's own address before the path the server answers. */
function toAbsoluteUrl(link: DriverLink): string {
  return new URL(link.url, window.location.origin).toString();
}

function errorText(error: Error | null): string | null {
  return error ? describeApiError(error) : null;
}

/**
 * Driver Link: a link that opens the round's run of the day on the driver's phone without a login. A new link is
 * shown once (only its hash is kept), as text and a QR code; it can be copied, emailed to the driver, and every
 * link of the day revoked.
 */
export function DriverLinkModal({ round, date, onClose }: DriverLinkModalProps) {
  const status = useDriverLinkStatus(round.id, date);
  const create = useCreateDriverLink(round.id, date);
  const revoke = useRevokeDriverLinks(round.id, date);
  const [link, setLink] = useState<DriverLink | null>(null);
  const [isConfirmingRevoke, setIsConfirmingRevoke] = useState(false);
  const [revokedText, setRevokedText] = useState<string | null>(null);
  const formatTime = (iso: string) => formatShownDateTime(iso, round.timezone);

  function createLink() {
    setRevokedText(null);
    create.mutate(undefined, { onSuccess: setLink });
  }

  function revokeLinks() {
    revoke.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setLink(null);
        setIsConfirmingRevoke(false);
        setRevokedText(revoked === 1 ? '1 link revoked.' : `${String(revoked)} links revoked.`);
      },
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Driver Link: ${round.name}, ${formatDayMonthYear(date)}`}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          The driver opens the day&apos;s run on a phone with this link, without logging in, and records what
          happened at each stop.
        </Text>
        {status.isPending && <Text size="sm">Loading...</Text>}
        {status.data && (
          <Text size="sm" fw={500}>
            {status.data.is_active && status.data.expires_at
              ? `${String(status.data.active_count)} working link${status.data.active_count === 1 ? '' : 's'} for this day; the newest works until ${formatTime(status.data.expires_at)}.`
              : 'No working link for this day.'}
          </Text>
        )}
        <ErrorNotice text={errorText(status.error)} />
        {revokedText && <SuccessNotice>{revokedText}</SuccessNotice>}
        {link ? (
          <ShownLink link={link} expiresText={formatTime(link.expires_at)} />
        ) : (
          <Group>
            <Button onClick={createLink} loading={create.isPending}>
              Create Link
            </Button>
          </Group>
        )}
        <ErrorNotice text={errorText(create.error)} />
        <Divider />
        <EmailLinkForm roundId={round.id} date={date} />
        <Divider />
        {isConfirmingRevoke ? (
          <Alert color="red" title="Revoke every link of this day?">
            <Stack gap="xs">
              <Text size="sm">
                Drivers using them can no longer open the run or send outcomes. Outcomes already sent are
                kept.
              </Text>
              <Group gap="sm">
                <Button color="red.9" onClick={revokeLinks} loading={revoke.isPending}>
                  Revoke
                </Button>
                <Button variant="default" onClick={() => setIsConfirmingRevoke(false)}>
                  Keep Links
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button
              variant="default"
              color="red"
              disabled={!status.data?.is_active && !link}
              onClick={() => setIsConfirmingRevoke(true)}
            >
              Revoke Links
            </Button>
          </Group>
        )}
        <ErrorNotice text={errorText(revoke.error)} />
      </Stack>
    </Modal>
  );
}

function ShownLink({ link, expiresText }: { link: DriverLink; expiresText: string }) {
  const clipboard = useClipboard({ timeout: 3000 });
  const url = toAbsoluteUrl(link);
  return (
    <Stack gap="xs" align="flex-start">
      <LinkQrCode url={url} />
      <Anchor href={url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
        {url}
      </Anchor>
      <Text size="xs" c="dimmed">
        {`Works until ${expiresText}. Shown only now: copy, print or send it before closing.`}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={() => clipboard.copy(url)}>
          Copy Link
        </Button>
        {clipboard.copied && (
          <Text size="sm" c="teal.9" role="status">
            Link copied.
          </Text>
        )}
        {clipboard.error && (
          <Text size="sm" c="red.9" role="alert">
            Could not copy: select the link and copy it.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function EmailLinkForm({ roundId, date }: { roundId: number; date: string }) {
  const email = useEmailDriverLink(roundId, date);
  // Checked on Send, before a link is made.
  const form = useForm({
    initialValues: { to: '' },
    validate: { to: (to) => (isValidEmail(to.trim()) ? null : 'Enter a valid email address.') },
  });
  const [sentText, setSentText] = useState<string | null>(null);

  const send = form.onSubmit(
    ({ to }) => {
      setSentText(null);
      const address = to.trim();
      email.mutate(address, {
        onSuccess: ({ message }) => setSentText(message || `A new link was sent to ${address}.`),
      });
    },
    () => setSentText(null),
  );

  return (
    <form onSubmit={send} noValidate aria-label="Send the link by email">
      <Stack gap="xs">
        <Group gap="sm" align="flex-start">
          <TextInput
            label="Driver's email"
            description="Sends a new link for this day."
            type="email"
            {...form.getInputProps('to')}
            w={300}
          />
          <Button type="submit" mt={46} variant="default" loading={email.isPending}>
            Send by Email
          </Button>
        </Group>
        {sentText && <SuccessNotice>{sentText}</SuccessNotice>}
        <ErrorNotice text={errorText(email.error)} />
      </Stack>
    </form>
  );
}
