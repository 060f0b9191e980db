import { Group, Stack, Text } from '@mantine/core';
import type { VisitDriverOutcome } from '../../../../contracts/driver';
import { formatShownDateTime } from '../../../../domain/shown-time';
import { DriverPhoto } from '../../../components/driver-photo';
import { OutcomeBadge } from '../../../components/outcome-badge';

type VisitOutcomeProps = { outcome: VisitDriverOutcome; clientName: string; timeZone: string };

/** What the driver recorded at the door: the outcome, when (the time only: the panel is the day), note and photo. */
export function VisitOutcome({ outcome, clientName, timeZone }: VisitOutcomeProps) {
  const recorded = formatShownDateTime(outcome.recorded_at, timeZone);
  return (
    <Group gap={6} mt={2} wrap="nowrap" align="flex-start" data-testid="visit-outcome">
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={4} wrap="nowrap">
          <OutcomeBadge outcome={outcome.outcome} size="xs" />
          <Text size="xs" c="dimmed" title={recorded}>
            {recorded.slice(-5)}
          </Text>
        </Group>
        {outcome.note && (
          <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {outcome.note}
          </Text>
        )}
      </Stack>
      {outcome.photo_url && (
        <DriverPhoto path={outcome.photo_url} label={`${clientName}, ${recorded}`} thumbnailSize={40} />
      )}
    </Group>
  );
}
