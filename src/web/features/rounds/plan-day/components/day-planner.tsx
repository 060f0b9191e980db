import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { SuccessNotice } from '../../../../components/success-notice';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Round } from '../../../../../contracts/accounts';
import { pickRoundColour } from '../../../../../domain/round-colours';
import { formatDayMonthYear } from '../../../../../domain/weeks';
import { useApplyDayPlan, useDayAssignment } from '../../../../api/day-plans';
import { useMapTileUrl } from '../../../../api/public-config';
import {
  applyPins,
  buildApplyBody,
  buildPlanRequest,
  buildRoundChoices,
  countMovedStops,
  hasUnplannedPins,
  isEmptyPlan,
  type Pin,
} from '../plan-model';
import { usePlanJob } from '../use-plan-job';
import { AppliedNotice } from './applied-notice';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PlanProgress } from './plan-progress';
import { PlanResult } from './plan-result';
import { RoundsOutForm } from './rounds-out-form';

type DayPlannerProps = {
  date: string;
  rounds: readonly Round[];
  offRoundIds: readonly number[];
  /** Rounds nobody drives that day (the roster): they start unticked for this plan, not marked off. */
  noDriverRoundIds: readonly number[];
  /** Tells the page whether a plan is shown that is not applied (unsaved work). */
  onDirtyChange: (isDirty: boolean) => void;
};

/** One day's planner: the rounds out, planning with progress, the proposed plan, apply and undo. */
export function DayPlanner({ date, rounds, offRoundIds, noDriverRoundIds, onDirtyChange }: DayPlannerProps) {
  const [choices, setChoices] = useState(() =>
    buildRoundChoices(rounds, [...offRoundIds, ...noDriverRoundIds]),
  );
  const [pins, setPins] = useState<Pin[]>([]);
  // The rounds of the last plan asked for: the ones its stops can be moved between.
  const [plannedRoundIds, setPlannedRoundIds] = useState<ReadonlySet<number>>(new Set());
  const [checkErrors, setCheckErrors] = useState({
    capacity: new Map<number, string>(),
    form: null as string | null,
  });
  const [isAskingApply, setIsAskingApply] = useState(false);
  const [outcome, setOutcome] = useState<{ title: string; text: string } | null>(null);
  const job = usePlanJob();
  const assignment = useDayAssignment(date);
  const apply = useApplyDayPlan(date);
  const tileUrl = useMapTileUrl();
  const plan = job.job?.plan ?? null;
  const routes = plan ? applyPins(plan, pins, plannedRoundIds) : [];
  const movedCount = countMovedStops(routes);
  const isDirty = plan !== null && !isEmptyPlan(plan);
  const shownDate = formatDayMonthYear(date);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const colourOf = (roundId: number) => pickRoundColour(rounds.findIndex((round) => round.id === roundId));
  const roundNameOf = (roundId: number | null) =>
    rounds.find((round) => round.id === roundId)?.name ?? (roundId === null ? 'None' : 'Another round');

  function submit() {
    const check = buildPlanRequest(choices, pins);
    if ('request' in check) {
      setCheckErrors({ capacity: new Map(), form: null });
      setOutcome(null);
      setPlannedRoundIds(new Set(check.request.rounds.map((round) => round.id)));
      job.start(
        date,
        rounds.map((round) => round.id),
        check.request,
      );
    } else {
      setCheckErrors({ capacity: check.capacityErrors, form: check.formError });
    }
  }

  async function applyPlan() {
    const message = await apply.mutateAsync(buildApplyBody(routes));
    setOutcome({
      title: `Plan applied for ${shownDate}`,
      text: `${String(movedCount)} ${movedCount === 1 ? 'stop moved' : 'stops moved'}. ${message}`,
    });
    setPins([]);
    job.clear();
  }

  return (
    <Stack gap="md">
      {assignment.isError && (
        <Alert color="red">
          Whether a plan is applied for {shownDate} could not be read: {assignment.error.message}
        </Alert>
      )}
      {outcome && (
        <SuccessNotice title={outcome.title} onDismiss={() => setOutcome(null)}>
          {outcome.text} The times go to the CRM through the outbox: the{' '}
          <Anchor component={Link} to="/rounds">
            rounds screen
          </Anchor>{' '}
          shows each visit&apos;s state.
        </SuccessNotice>
      )}
      {assignment.data && (
        <AppliedNotice
          date={date}
          assignment={assignment.data}
          onUndone={(message) => setOutcome({ title: `Plan undone for ${shownDate}`, text: message })}
        />
      )}
      <RoundsOutForm
        date={date}
        rounds={rounds}
        offRoundIds={offRoundIds}
        choices={choices}
        onChange={setChoices}
        capacityErrors={checkErrors.capacity}
        formError={checkErrors.form}
        submitLabel={plan ? 'Re-plan' : 'Plan'}
        isBusy={job.isWorking || apply.isPending}
        onSubmit={submit}
      />
      {job.isWorking && (
        <PlanProgress
          progress={job.job?.progress ?? 0}
          isReading={job.isReading}
          isCancelling={job.isCancelling}
          onCancel={job.cancel}
        />
      )}
      {job.warnings.length > 0 && (
        <Alert color="yellow" title="The plan uses the visits stored">
          {job.warnings.join(' ')}
        </Alert>
      )}
      {job.errorText && (
        <Alert color="red" title="The day could not be planned">
          {job.errorText}
        </Alert>
      )}
      {job.job?.status === 'failed' && (
        <Alert color="red" title="The day could not be planned">
          {job.job.message ?? 'Planning failed.'}
        </Alert>
      )}
      {job.job?.status === 'cancelled' && (
        <Text role="status">
          Planning was cancelled.{plan ? ' The best plan found before that is shown.' : ''}
        </Text>
      )}
      {plan && (
        <PlanResult
          date={date}
          plan={plan}
          routes={routes}
          plannedRoundIds={plannedRoundIds}
          movedCount={movedCount}
          isReplanNeeded={hasUnplannedPins(plan, pins)}
          isBusy={job.isWorking || apply.isPending}
          colourOf={colourOf}
          roundNameOf={roundNameOf}
          tileUrl={tileUrl.data ?? null}
          onMove={(visitId, roundId) =>
            setPins((current) => [
              ...current.filter((pin) => pin.visit_id !== visitId),
              { visit_id: visitId, round_id: roundId },
            ])
          }
          onApply={() => setIsAskingApply(true)}
        />
      )}
      {isAskingApply && (
        <ConfirmDialog
          title="Apply Plan"
          question={`Apply this plan for ${shownDate}? ${String(movedCount)} ${movedCount === 1 ? 'stop moves' : 'stops move'} from their usual round.`}
          confirmLabel="Apply"
          isPending={apply.isPending}
          runAction={applyPlan}
          onClose={() => {
            apply.reset();
            setIsAskingApply(false);
          }}
        />
      )}
    </Stack>
  );
}
