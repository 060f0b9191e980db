import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Driver } from '../../../../contracts/drivers';
import { describeApiError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import {
  useRevokeVolunteerLink,
  useSendVolunteerLink,
  useVolunteerLinkStatus,
} from '../../../api/volunteer-links';

type Dialog = 'send' | 'revoke' | null;

/**
 * A driver's personal link (their own phone page): send a new one, which ends the earlier one, or revoke the
 * working one. Both are confirmed first; after sending, the server's answer says whether it was mailed or texted.
 */
export function VolunteerLinkActions({ driver }: { driver: Driver }) {
  const status = useVolunteerLinkStatus(driver.id, { enabled: driver.is_active });
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!driver.is_active) return null;
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setDialog('send')}>
        Send personal link<VisuallyHidden> to {driver.name}</VisuallyHidden>
      </Button>
      {status.data?.is_active && (
        <Button size="compact-sm" variant="default" color="red" onClick={() => setDialog('revoke')}>
          Revoke link<VisuallyHidden> of {driver.name}</VisuallyHidden>
        </Button>
      )}
      {dialog === 'send' && <SendLinkDialog driver={driver} onClose={() => setDialog(null)} />}
      {dialog === 'revoke' && <RevokeLinkDialog driver={driver} onClose={() => setDialog(null)} />}
    </>
  );
}

function SendLinkDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const send = useSendVolunteerLink(driver.id);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      const result = await send.mutateAsync();
      setSent(result.message === '' ? 'Personal link sent.' : result.message);
    } catch (caught) {
      setError(describeApiError(caught));
    }
  }
  return (
    <Modal opened onClose={onClose} title="Send Personal Link">
      <Stack gap="sm">
        {sent === null ? (
          <Text>
            Send {driver.name} a new personal link to their own page? Any link sent to them before stops
            working.
          </Text>
        ) : (
          <SuccessNotice>{sent}</SuccessNotice>
        )}
        <ErrorNotice text={error} />
        <Group justify="flex-end">
          {sent === null ? (
            <>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button loading={send.isPending} onClick={() => void confirm()}>
                Send Link
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>Done</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function RevokeLinkDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const revoke = useRevokeVolunteerLink(driver.id);
  return (
    <ConfirmDialog
      title="Revoke Personal Link"
      question={`Revoke ${driver.name}'s personal link? It stops working at once; send a new one when they need it.`}
      confirmLabel="Revoke Link"
      confirmColor="red"
      isPending={revoke.isPending}
      runAction={() => revoke.mutateAsync()}
      onClose={onClose}
    />
  );
}
