import { Alert, Badge, Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Round } from '../../../../contracts/accounts';
import {
  canCompleteDay,
  canPlanDay,
  getNowClockIfToday,
  isFixedVisit,
} from '../../../../domain/round-day-rules';
import {
  findEarliestStart,
  findLatestEnd,
  formatPanelDate,
  isDrivenTo,
} from '../../../../domain/round-panel';
import { splitDrivingRoute } from '../../../../domain/driving-route';
import { getTodayIn } from '../../../../domain/today';
import { formatRoundTravel, sumRoundTravel } from '../../../../domain/round-totals';
import { addDays } from '../../../../domain/zoned-time';
import { describeApiError } from '../../../lib/api-client';
import { useRefreshRoundVisits, useRoundVisits, type RoundVisits } from '../../../api/round-visits';
import { useRoundsOffOnDate } from '../../../api/rounds';
import { requestOptimise } from '../../../api/travel';
import { buildOptimiseVisits, buildPrintVisits, buildPrintReturn, formatUpdatedAgo } from '../panel-model';
import { usePanelState } from '../use-panel-state';
import { CompleteModal } from './complete-modal';
import { DriverLinkModal } from './driver-link-modal';
import { OptimiseModal } from './optimise-modal';
import { PanelDriver } from './panel-driver';
import { OfficeRow, TravelRow, VisitRow } from './panel-rows';
import { PrintModal } from './print-modal';
import { PublishModal } from './publish-modal';

type RoundPanelProps = {
  round: Round;
  date: string;
  contingencyMins: number;
  /** Told whether the panel holds unpublished changes (and false when it goes), so the screen can warn. */
  onUnpublishedChanges?: (date: string, hasChanges: boolean) => void;
};

/** The panels' clock for "Updated N minutes ago": it moves on every half minute. */
function useHalfMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

type Shown = { loaded: RoundVisits; version: number };

/** One day of a round on the rounds screen: its header, the office, travel and visits, and its actions. */
export function RoundPanel({ round, date, contingencyMins, onUnpublishedChanges }: RoundPanelProps) {
  const visits = useRoundVisits(round.id, date, { isLive: date === getTodayIn(round.timezone) });
  const refresh = useRefreshRoundVisits(round.id, date);
  const daysOff = useRoundsOffOnDate(date);
  const isOff = daysOff.data?.some((day) => day.round_id === round.id && day.date === date) ?? false;
  const now = useHalfMinuteClock();
  const titleId = useId();
  const [shown, setShown] = useState<Shown | null>(null);
  const [hasUnpublishedChanges, setHasUnpublishedChanges] = useState(false);
  const [isRefreshForced, setIsRefreshForced] = useState(false);
  /** Visits read before this (ms) are older than what the panel shows: its changes were published since. */
  const [acceptAfter, setAcceptAfter] = useState(0);
  // A cached answer from an earlier visit to this day may be out of date: wait for the fresh one.
  const isReloading = visits.isFetching && !visits.isFetchedAfterMount;
  const latest = isReloading ? undefined : visits.data;
  // The query keeps an answer's visits as they were when they did not change: only then is the panel kept.
  const isNewer = !!latest && latest.visits !== shown?.loaded.visits;
  if (latest && latest !== shown?.loaded) {
    const version = shown?.version ?? 0;
    // Newer visits (a background refresh, Refresh) replace the panel's, except over unpublished changes: those
    // stay until published, or until the user asks for the CRM's visits with Refresh.
    const isTaken = isRefreshForced || (!hasUnpublishedChanges && visits.dataUpdatedAt >= acceptAfter);
    if (!isNewer || isTaken) {
      setShown({ loaded: latest, version: isNewer ? version + 1 : version });
      setIsRefreshForced(false);
    }
  }
  const hasNewerVisits = isNewer && hasUnpublishedChanges;
  const hasHeldVisits = useRef(false);
  hasHeldVisits.current = isNewer;
  const { refetch } = visits;

  // A panel that goes (another day or round shown) takes its changes with it.
  useEffect(() => () => onUnpublishedChanges?.(date, false), [date, onUnpublishedChanges]);
  const reportUnpublishedChanges = useCallback(
    (hasChanges: boolean) => {
      setHasUnpublishedChanges(hasChanges);
      onUnpublishedChanges?.(date, hasChanges);
      if (hasChanges) return;
      setAcceptAfter(Date.now());
      // Visits that came while the changes were unpublished predate them: read the day again.
      if (hasHeldVisits.current) void refetch();
    },
    [refetch, date, onUnpublishedChanges],
  );

  function refreshFromSource() {
    setIsRefreshForced(true);
    refresh.mutate(undefined, { onError: () => setIsRefreshForced(false) });
  }

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="xs"
      style={{ flex: '1 0 0', minWidth: 290 }}
    >
      <Group gap={6}>
        <Title order={2} size="h4" id={titleId}>
          {formatPanelDate(date)}
        </Title>
        {isOff && (
          <Badge color="red" variant="filled" title={`${round.name} is marked off on this day`}>
            Off
          </Badge>
        )}
        <PanelDriver roundId={round.id} date={date} />
      </Group>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {shown ? formatUpdatedAgo(shown.loaded.refreshedAt, now) : ''}
        </Text>
        <Button size="compact-xs" variant="subtle" loading={refresh.isPending} onClick={refreshFromSource}>
          Refresh
        </Button>
      </Group>
      {shown?.loaded.message && (
        <Alert color="yellow" mt={4} p="xs">
          {shown.loaded.message}
        </Alert>
      )}
      {refresh.isError && (
        <Alert color="red" mt="xs" p="xs">
          {describeApiError(refresh.error)}
        </Alert>
      )}
      {hasNewerVisits && (
        <Text size="xs" c="orange.9">
          The CRM has newer visits: Refresh shows them (unpublished changes are then lost).
        </Text>
      )}
      {!shown && (visits.isPending || isReloading) && <Text size="sm">Loading...</Text>}
      {visits.isError && !shown && (
        <Alert color="red" mt="xs">
          {describeApiError(visits.error)}
        </Alert>
      )}
      {shown && (
        <LoadedPanel
          key={shown.version}
          round={round}
          date={date}
          loaded={shown.loaded}
          contingencyMins={contingencyMins}
          isOff={isOff}
          now={now}
          onUnpublishedChanges={reportUnpublishedChanges}
        />
      )}
    </Paper>
  );
}

type Dialog = 'print' | 'optimise' | 'publish' | 'complete' | 'driver-link' | null;

type LoadedPanelProps = Omit<RoundPanelProps, 'onUnpublishedChanges'> & {
  loaded: RoundVisits;
  /** The round is marked off on this day: its visits are the day planner's to spread, not to optimise here. */
  isOff: boolean;
  /** The panels' half-minute clock: on today it decides which visits are under way. */
  now: Date;
  onUnpublishedChanges: (hasChanges: boolean) => void;
};

function LoadedPanel(props: LoadedPanelProps) {
  const { round, date, loaded, contingencyMins, isOff, now, onUnpublishedChanges } = props;
  const panel = usePanelState(round, loaded, contingencyMins);
  useEffect(
    () => onUnpublishedChanges(panel.hasUnpublishedChanges),
    [panel.hasUnpublishedChanges, onUnpublishedChanges],
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isOrdering, setIsOrdering] = useState(false);
  const today = getTodayIn(round.timezone, now.getTime());
  // Today is a working day (ADR 0024): planned and completed; its visits done or under way stay put.
  const canPlan = canPlanDay(date, today);
  const canComplete = canCompleteDay(date, today);
  const nowClock = getNowClockIfToday(date, round.timezone, now.getTime());
  const isHeld = (visit: (typeof panel.visits)[number] | undefined) =>
    !!visit && nowClock !== null && isDrivenTo(visit) && isFixedVisit(visit, nowClock);
  const { visits, legs, route } = panel;
  const totals = sumRoundTravel(route.legs);
  const earliest = findEarliestStart(route.visits, route.legs, contingencyMins);
  const latest = findLatestEnd(route.visits, route.legs, contingencyMins);
  const canOptimise = canPlan && !isOff && visits.length > 1;
  const isBusy = panel.isMoving || isOrdering;
  // A link works until the end of the day after its run: yesterday's run may still be out.
  const canLinkDriver = date >= addDays(today, -1);

  const optimiseBody = (optimiseBy: 'optimal' | 'preferred') => ({
    base_address: round.address,
    pickup_time: round.pickup_time,
    events: buildOptimiseVisits(visits, legs),
    optimise_by: optimiseBy,
    round_id: round.id,
  });

  /** Order: the round's preferred delivery order, through the same call as Optimise. */
  async function orderByPreference() {
    setIsOrdering(true);
    try {
      panel.applyOrder(await requestOptimise(optimiseBody('preferred')));
    } catch (error) {
      panel.addNotice(describeApiError(error));
    } finally {
      setIsOrdering(false);
    }
  }

  return (
    <Stack gap={6} mt={4}>
      <Box>
        <Text size="sm">{earliest && latest ? `${earliest} to ${latest}` : 'No times'}</Text>
        <Text size="sm">{formatRoundTravel(totals)}</Text>
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
        {canLinkDriver && (
          <Button size="compact-sm" variant="default" onClick={() => setDialog('driver-link')}>
            Driver Link
          </Button>
        )}
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
        {canPlan && panel.hasUnpublishedChanges && (
          <Button size="compact-sm" color="orange.9" disabled={isBusy} onClick={() => setDialog('publish')}>
            Publish
          </Button>
        )}
        {canComplete && (
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
            isFirst={index === 0 || isHeld(visits[index - 1])}
            isLast={index === visits.length - 1 || isHeld(visits[index + 1])}
            canReorder={canPlan && !isHeld(visit)}
            canComplete={canComplete}
            isMoving={isBusy}
            isSelected={panel.selectedIds.has(visit.id)}
            onMove={(direction) => void panel.moveVisit(index, direction, nowClock)}
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
          body={{
            round: round.id,
            date,
            events: buildPrintVisits(visits, legs),
            ...buildPrintReturn(visits, legs),
          }}
          canLinkDriver={canLinkDriver}
          drivingRoute={splitDrivingRoute(
            round.address,
            route.visits.map((visit) => visit.address),
          )}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'driver-link' && (
        <DriverLinkModal round={round} date={date} onClose={() => setDialog(null)} />
      )}
      {dialog === 'optimise' && (
        <OptimiseModal
          body={optimiseBody('optimal')}
          onOptimised={(visits) => {
            panel.applyOrder(visits);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'publish' && (
        <PublishModal
          visits={visits}
          retimeReasons={panel.retimeReasons}
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
