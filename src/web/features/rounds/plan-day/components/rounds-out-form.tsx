import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Round } from '../../../../../contracts/accounts';
import type { RoundChoice } from '../plan-model';
import { RoundOutDialog } from './round-out-dialog';

type RoundsOutFormProps = {
  date: string;
  rounds: readonly Round[];
  /** Rounds marked off that day (the days off). */
  offRoundIds: readonly number[];
  choices: readonly RoundChoice[];
  onChange: (choices: RoundChoice[]) => void;
  capacityErrors: ReadonlyMap<number, string>;
  formError: string | null;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: () => void;
};

/** The rounds out that day, each with its capacity for the day, and the button that plans them. */
export function RoundsOutForm(props: RoundsOutFormProps) {
  const { rounds, choices, onChange } = props;
  const [asking, setAsking] = useState<{ round: Round; isOut: boolean } | null>(null);

  function update(roundId: number, change: Partial<RoundChoice>) {
    onChange(choices.map((choice) => (choice.roundId === roundId ? { ...choice, ...change } : choice)));
  }

  function toggle(round: Round, isOut: boolean) {
    const isOffForDay = props.offRoundIds.includes(round.id);
    // Ask only when the day's own state would differ: ticking a round off that day, or unticking one out.
    if (isOut === isOffForDay) setAsking({ round, isOut });
    else update(round.id, { isOut });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Rounds out">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Round</Table.Th>
                <Table.Th>Out</Table.Th>
                <Table.Th>Capacity (portions)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rounds.map((round) => {
                const choice = choices.find((candidate) => candidate.roundId === round.id);
                if (!choice) return null;
                return (
                  <Table.Tr key={round.id}>
                    <Table.Th scope="row" fw={500}>
                      {round.name}
                    </Table.Th>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${round.name} out`}
                        checked={choice.isOut}
                        disabled={props.isBusy}
                        onChange={(event) => toggle(round, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Capacity of ${round.name}`}
                        placeholder="Unlimited"
                        inputMode="numeric"
                        value={choice.capacityText}
                        disabled={!choice.isOut || props.isBusy}
                        error={props.capacityErrors.get(round.id)}
                        onChange={(event) => update(round.id, { capacityText: event.currentTarget.value })}
                        maw={220}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {props.formError && (
          <Text c="red" size="sm" role="alert">
            {props.formError}
          </Text>
        )}
        <Group>
          <Button type="submit" disabled={props.isBusy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
      {asking && (
        <RoundOutDialog
          round={asking.round}
          date={props.date}
          isOut={asking.isOut}
          onDone={() => {
            update(asking.round.id, { isOut: asking.isOut });
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </form>
  );
}
