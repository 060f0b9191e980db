import { Alert, Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import type { Round } from '../../../../contracts/accounts';
import {
  buildDrivingRouteUrl,
  findEarliestStart,
  findLatestEnd,
  formatPanelDate,
  getRoundToday,
  isDrivenTo,
  isFutureDate,
  isPastDate,
  sumTravel,
} from '../../../../domain/round-panel';
import { unexpectedErrorMessage } from '../../../lib/api-client';
import { requestOptimise, useRoundVisits, type RoundVisits } from '../api';
import { buildOptimiseEvents, buildPrintEvents } from '../panel-model';
import { usePanelState } from '../use-panel-state';
import { CompleteModal } from './complete-modal';
import { OptimiseModal } from './optimise-modal';
import { OfficeRow, TravelRow, VisitRow } from './panel-rows';
import { PrintModal } from './print-modal';
import { PublishModal } from './publish-modal';

type RoundPanelProps = { round: Round; date: string; contingencyMins: number };

/** One day of a round (spec: Rounds screen): its header, the office, travel and visits, and its actions. */
export function RoundPanel({ round, date, contingencyMins }: RoundPanelProps) {
  const visits = useRoundVisits(round.id, date);
  const titleId = useId();
  // A cached answer from an earlier visit to this day may be out of date: wait for the fresh one.
  const isRefreshing = visits.isFetching && !visits.isFetchedAfterMount;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="xs"
      style={{ flex: '1 0 0', minWidth: 290 }}
    >
      <Title order={2} size="h4" id={titleId}>
        {formatPanelDate(date)}
      </Title>
      {(visits.isPending || isRefreshing) && <Text size="sm">Loading...</Text>}
      {visits.isError && (
        <Alert color="red" mt="xs">
          {visits.error.message || unexpectedErrorMessage}
        </Alert>
      )}
      {visits.data && !isRefreshing && (
        <LoadedPanel
          key={visits.dataUpdatedAt}
          round={round}
          date={date}
          loaded={visits.data}
          contingencyMins={contingencyMins}
        />
      )}
    </Paper>
  );
}

type Dialog = 'print' | 'optimise' | 'publish' | 'complete' | null;

type LoadedPanelProps = RoundPanelProps & { loaded: RoundVisits };

function LoadedPanel({ round, date, loaded, contingencyMins }: LoadedPanelProps) {
  const panel = usePanelState(round, loaded, contingencyMins);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isOrdering, setIsOrdering] = useState(false);
  const today = getRoundToday(round.timezone);
  const isFuture = isFutureDate(date, today);
  const isPast = isPastDate(date, today);
  const { visits, legs, route } = panel;
  const totals = sumTravel(route.legs);
  const earliest = findEarliestStart(route.visits, route.legs, contingencyMins);
  const latest = findLatestEnd(route.visits, route.legs, contingencyMins);
  const canOptimise = isFuture && visits.length > 1;
  const isBusy = panel.isMoving || isOrdering;

  const optimiseBody = (optimiseBy: 'optimal' | 'preferred') => ({
    base_address: round.address,
    pickup_time: round.pickup_time,
    events: buildOptimiseEvents(visits, legs),
    optimise_by: optimiseBy,
    round_id: round.id,
  });

  /** Order: the round's preferred delivery order, through the same call as Optimise. */
  async function orderByPreference() {
    setIsOrdering(true);
    try {
      const response = await requestOptimise(optimiseBody('preferred'));
      if (response.meta.error_code === 0 && response.data) panel.applyOrder(response.data);
      else panel.addNotice(response.meta.message || unexpectedErrorMessage);
    } finally {
      setIsOrdering(false);
    }
  }

  return (
    <Stack gap={6} mt={4}>
      <Box>
        <Text size="sm">{earliest && latest ? `${earliest} to ${latest}` : 'No times'}</Text>
        <Text size="sm">{`${totals.kms.toFixed(1)} km, ${totals.mins} mins`}</Text>
      </Box>
      <Group gap={4}>
        <Button
          size="compact-sm"
          variant="default"
          disabled={visits.length === 0}
          onClick={() => setDialog('print')}
        >
          Print
        </Button>
        {canOptimise && (
          <>
            <Button size="compact-sm" disabled={isBusy} onClick={() => setDialog('optimise')}>
              Optimise
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              loading={isOrdering}
              disabled={isBusy}
              onClick={() => void orderByPreference()}
            >
              Order
            </Button>
          </>
        )}
        {isFuture && panel.hasUnpublishedChanges && (
          <Button size="compact-sm" color="orange.9" disabled={isBusy} onClick={() => setDialog('publish')}>
            Publish
          </Button>
        )}
        {isPast && (
          <>
            <Button
              size="compact-sm"
              disabled={panel.selectedIds.size === 0}
              onClick={() => setDialog('complete')}
            >
              Complete
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={!panel.hasCompletable}
              onClick={panel.toggleAll}
            >
              {panel.isAllSelected ? 'Unselect All' : 'Select All'}
            </Button>
          </>
        )}
      </Group>
      {panel.notices.length > 0 && (
        <Alert color="yellow" withCloseButton closeButtonLabel="Dismiss" onClose={panel.clearNotices} p="xs">
          <List size="xs">
            {panel.notices.map((notice, index) => (
              <List.Item key={`${index}-${notice}`}>{notice}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <OfficeRow address={round.address} note={`Pick up ${round.pickup_time}`} />
      {visits.length === 0 && (
        <Text size="sm" c="dimmed">
          No visits.
        </Text>
      )}
      {visits.map((visit, index) => (
        <Fragment key={visit.id}>
          {isDrivenTo(visit) && <TravelRow state={panel.legStates[index] ?? undefined} />}
          <VisitRow
            visit={visit}
            isFirst={index === 0}
            isLast={index === visits.length - 1}
            canReorder={isFuture}
            canComplete={isPast}
            isMoving={isBusy}
            isSelected={panel.selectedIds.has(visit.id)}
            onMove={(direction) => void panel.moveVisit(index, direction)}
            onToggle={() => panel.toggleSelected(visit.id)}
          />
        </Fragment>
      ))}
      {visits.length > 0 && (
        <>
          {route.visits.length > 0 && <TravelRow state={panel.legStates[visits.length] ?? undefined} />}
          <OfficeRow address={round.address} note="Return" />
        </>
      )}
      {dialog === 'print' && (
        <PrintModal
          body={{ round: round.id, date, events: buildPrintEvents(visits, legs) }}
          drivingRouteUrl={buildDrivingRouteUrl(
            round.address,
            route.visits.map((visit) => visit.address),
          )}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'optimise' && (
        <OptimiseModal
          body={optimiseBody('optimal')}
          onOptimised={(events) => {
            panel.applyOrder(events);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'publish' && (
        <PublishModal
          visits={visits}
          onPublished={panel.markPublishedOutcomes}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'complete' && (
        <CompleteModal
          ids={[...panel.selectedIds]}
          onCompleted={panel.markCompletedOutcomes}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
