import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { describeApiError } from '../../../lib/api-client';
import { useMealsSync } from '../../../api/clients';

/**
 * The reports home: asks the user to pick a report, and meanwhile syncs the client meal visits
 * so the CRM's premiums follow the meal choices. The sync is silent; only a failure leaves a small note.
 */
export function ReportsHome() {
  const mealsSync = useMealsSync();
  const [syncNote, setSyncNote] = useState<string | null>(null);
  // Once per visit of the home tab, even when React runs effects twice in development.
  const hasSynced = useRef(false);
  const { mutateAsync } = mealsSync;

  useEffect(() => {
    if (hasSynced.current) return;
    hasSynced.current = true;
    mutateAsync()
      .then(({ message }) => {
        if (message) setSyncNote(message);
      })
      .catch((error: unknown) => setSyncNote(describeApiError(error)));
  }, [mutateAsync]);

  return (
    <Stack gap="sm">
      <Text>Please select a report from the menu.</Text>
      {syncNote && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSyncNote(null)}
        >
          <Text size="sm">{`Meal visits sync: ${syncNote}`}</Text>
        </Alert>
      )}
    </Stack>
  );
}
