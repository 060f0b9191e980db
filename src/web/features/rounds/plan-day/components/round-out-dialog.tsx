import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Round } from '../../../../../contracts/accounts';
import { formatDayMonthYear } from '../../../../../domain/weeks';
import { describeApiError } from '../../../../lib/api-client';
import { useSetRoundDayOff } from '../../../../api/rounds';

type RoundOutDialogProps = {
  round: Round;
  date: string;
  /** True: the coordinator ticked a round marked off that day; false: unticked a round that is out. */
  isOut: boolean;
  /** The choice is made: the round's box takes `isOut` (for this plan, and for the day when saved too). */
  onDone: () => void;
  onClose: () => void;
};

/**
 * A round ticked or unticked in the planner: either only for this plan, or for the day (marked off or back out
 * through the days off, so the rounds screen shows it too).
 */
export function RoundOutDialog({ round, date, isOut, onDone, onClose }: RoundOutDialogProps) {
  const setDayOff = useSetRoundDayOff(round.id, date);
  const [errorText, setErrorText] = useState<string | null>(null);
  const shownDate = formatDayMonthYear(date);

  async function saveForDay() {
    setErrorText(null);
    try {
      await setDayOff.mutateAsync(!isOut);
      onDone();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={isOut ? 'Round Out This Day' : 'Round Not Out'}>
      <Stack gap="md">
        <Text>
          {isOut
            ? `${round.name} is marked off on ${shownDate}. Put it back out for the day, or only use it in this plan?`
            : `Mark ${round.name} off on ${shownDate} (the rounds screen shows it too), or only leave it out of this plan?`}
        </Text>
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={setDayOff.isPending}>
            Cancel
          </Button>
          <Button variant="default" onClick={onDone} disabled={setDayOff.isPending}>
            Only This Plan
          </Button>
          <Button
            color={isOut ? 'blue' : 'red'}
            loading={setDayOff.isPending}
            onClick={() => void saveForDay()}
          >
            {isOut ? 'Put Back Out' : 'Mark Off'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
