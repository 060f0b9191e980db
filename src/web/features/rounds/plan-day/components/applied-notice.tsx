import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { DayAssignment } from '../../../../../contracts/day-plans';
import { formatDayMonthYear } from '../../../../../domain/weeks';
import { useUndoDayPlan } from '../../../../api/day-plans';
import { ConfirmDialog } from '../../../../components/confirm-dialog';

type AppliedNoticeProps = {
  date: string;
  assignment: NonNullable<DayAssignment>;
  /** The plan is undone; `message` is the server's word on it (the earlier times sent to the CRM). */
  onUndone: (message: string) => void;
};

/** A plan is applied for the day: what it moved, and Undo (after a confirmation) back to the usual rounds. */
export function AppliedNotice({ date, assignment, onUndone }: AppliedNoticeProps) {
  const undo = useUndoDayPlan(date);
  const [isAsking, setIsAsking] = useState(false);
  const shownDate = formatDayMonthYear(date);
  return (
    <Alert color="blue" title={`A plan is applied for ${shownDate}`}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {assignment.moved} {assignment.moved === 1 ? 'stop rides' : 'stops ride'} another round than their
          own. The rounds screen, driver sheets, labels and packing list follow this plan.
        </Text>
        <Button variant="default" color="red" onClick={() => setIsAsking(true)}>
          Undo plan for this day
        </Button>
      </Group>
      {isAsking && (
        <ConfirmDialog
          title="Undo Plan"
          question={`Undo the plan for ${shownDate}? Every visit goes back to its usual round, and a round marked off whose visits the plan carried goes back out.`}
          confirmLabel="Undo Plan"
          confirmColor="red"
          isPending={undo.isPending}
          runAction={async () => onUndone(await undo.mutateAsync())}
          onClose={() => {
            undo.reset();
            setIsAsking(false);
          }}
        />
      )}
    </Alert>
  );
}
