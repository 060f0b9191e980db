import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OptimiseBody, OptimisedVisit } from '../../../../contracts/optimise';
import { describeApiError } from '../../../lib/api-client';
import { requestOptimise } from '../../../api/travel';

type OptimiseModalProps = {
  body: OptimiseBody;
  onOptimised: (visits: OptimisedVisit[]) => void;
  onClose: () => void;
};

/**
 * 'Optimising the Round': the call starts when the dialog opens, the dialog closes on success and shows the error on
 * failure. Cancel aborts the request, which also stops the server working on it.
 */
export function OptimiseModal({ body, onOptimised, onClose }: OptimiseModalProps) {
  const [errorText, setErrorText] = useState<string | null>(null);
  // The body and callbacks are fixed for the dialog's life: kept in refs so the call starts exactly once.
  const startRef = useRef({ body, onOptimised });
  useLayoutEffect(() => {
    startRef.current = { body, onOptimised };
  });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const { body: request, onOptimised: done } = startRef.current;
    requestOptimise(request, controller.signal).then(
      (visits) => {
        if (!controller.signal.aborted) done(visits);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setErrorText(describeApiError(error));
      },
    );
    return () => controller.abort();
  }, []);

  function cancel() {
    controllerRef.current?.abort();
    onClose();
  }

  return (
    <Modal
      opened
      onClose={cancel}
      title="Optimising the Round"
      // A failure shows its own Close button.
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        {errorText ? (
          <Alert color="red" title="The round could not be optimised">
            {errorText}
          </Alert>
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{`Finding the best order for ${body.events.length} visits...`}</Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {errorText ? 'Close' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
