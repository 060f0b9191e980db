import { ActionIcon, Anchor, Badge, Box, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { buildMapsSearchUrl } from '../../../../domain/client-address';
import { isOpenVisit } from '../../../../domain/round-day-rules';
import { formatStopTimes } from '../../../../domain/round-panel';
import type { PanelVisit } from '../panel-model';
import type { LegState } from '../use-panel-state';
import { VisitOutcome } from './visit-outcome';
import { VisitWriteStatus } from './visit-write-status';

function buildAddressUrl(address: string): string | null {
  return buildMapsSearchUrl({ address, city: '', state: '', zip: '' });
}

function AddressLink({ address }: { address: string }) {
  const url = buildAddressUrl(address);
  if (!url) return <Text size="xs">No address</Text>;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="xs" c="dimmed" underline="always">
      {address}
    </Anchor>
  );
}

/** The round's base: where the driver picks up the meals and returns to. */
export function OfficeRow({ address, note }: { address: string; note: string }) {
  return (
    <Box py={4} px={6} bg="gray.1" style={{ borderRadius: 4 }}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          Office
        </Text>
        <Text size="xs">{note}</Text>
      </Group>
      <AddressLink address={address} />
    </Box>
  );
}

/** Travel between two stops; '?' with the reason when it could not be calculated. */
export function TravelRow({ state }: { state: LegState | undefined }) {
  let content;
  if (!state || state.isPending) {
    content = <Text size="xs">Travel...</Text>;
  } else if (state.errorText || !state.leg) {
    content = (
      <Tooltip label={state.errorText ?? 'Unable to calculate travel.'} withArrow>
        <Text
          size="xs"
          component="span"
          tabIndex={0}
          aria-label={state.errorText ?? 'Unable to calculate travel.'}
        >
          ?
        </Text>
      </Tooltip>
    );
  } else {
    content = <Text size="xs">{`${state.leg.kms.toFixed(1)} km, ${Math.ceil(state.leg.mins)} min`}</Text>;
  }
  return (
    <Group gap={6} pl="md" c="gray.7" wrap="nowrap">
      <Text size="xs" aria-hidden>
        ↓
      </Text>
      {content}
    </Group>
  );
}

type VisitRowProps = {
  visit: PanelVisit;
  isFirst: boolean;
  isLast: boolean;
  canReorder: boolean;
  canComplete: boolean;
  isMoving: boolean;
  isSelected: boolean;
  onMove: (direction: -1 | 1) => void;
  onToggle: () => void;
};

const statusColours: Record<string, string> = { completed: 'teal.8', cancelled: 'red.8' };

export function VisitRow(props: VisitRowProps) {
  const { visit } = props;
  const name = visit.client.name;
  const statusColour = statusColours[visit.status];
  const isSelectable = isOpenVisit(visit);
  return (
    <Box
      py={4}
      px={6}
      data-status={visit.status}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {formatStopTimes(visit)}
          </Text>
          <Anchor component={Link} to={`/client/${visit.client.id}/`} size="sm" fw={500}>
            {name}
          </Anchor>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {statusColour && (
            <Badge size="xs" color={statusColour} variant="filled">
              {visit.status}
            </Badge>
          )}
          {props.canReorder && (
            <>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={`Move ${name} up`}
                disabled={props.isFirst || props.isMoving}
                onClick={() => props.onMove(-1)}
              >
                ▲
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={`Move ${name} down`}
                disabled={props.isLast || props.isMoving}
                onClick={() => props.onMove(1)}
              >
                ▼
              </ActionIcon>
            </>
          )}
          {props.canComplete && isSelectable && (
            <Checkbox
              size="xs"
              aria-label={`Complete ${name}`}
              checked={props.isSelected}
              onChange={props.onToggle}
            />
          )}
        </Group>
      </Group>
      <AddressLink address={visit.address} />
      {visit.outcome && <VisitOutcome outcome={visit.outcome} clientName={name} timeZone={visit.timezone} />}
      <VisitWriteStatus visitId={visit.id} />
    </Box>
  );
}
