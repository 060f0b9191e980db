import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ClientDetail } from '../../../../contracts/clients';
import { weekIdOf } from '../../../../domain/weeks';
import { useActiveMeals } from '../../../api/meals';
import { useSchedule } from '../../../api/menu';
import { WeekMealEditor } from './week-meal-editor';

type MealSelectionProps = {
  /** The client with the meal choices of `weekId`; null while that week's choices load. */
  client: ClientDetail | null;
  weekId: string;
  onWeekChange: (weekId: string) => void;
  /** Asks before leaving unsaved changes; false keeps them. */
  confirmLeave: () => boolean;
  onDirtyChange: (isDirty: boolean) => void;
  onSavedAndClose: () => void;
};

/** Client Menu Selection: a week (snapped to its Monday) and the week's menu as meal cards to choose from. */
export function MealSelection(props: MealSelectionProps) {
  const { client, weekId, onWeekChange, confirmLeave, onDirtyChange, onSavedAndClose } = props;
  const [dateText, setDateText] = useState(weekId);
  const [dateError, setDateError] = useState<string | null>(null);
  const catalogue = useActiveMeals();
  const schedule = useSchedule(weekId);

  function showWeek(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const snapped = weekIdOf(dateText.trim());
    if (!snapped) {
      setDateError('Please enter a date as DD-MM-YYYY.');
      return;
    }
    setDateError(null);
    if (snapped !== weekId && !confirmLeave()) {
      setDateText(weekId);
      return;
    }
    setDateText(snapped);
    onWeekChange(snapped);
  }

  const loadError = catalogue.error ?? schedule.error;
  const isReady = client !== null && catalogue.data !== undefined && schedule.data !== undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="menu-selection-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="menu-selection-title">
          Client Menu Selection
        </Title>
        <form onSubmit={showWeek} noValidate aria-label="Choose week">
          <Group gap="sm" align="flex-start">
            <TextInput
              label="Week of"
              description="DD-MM-YYYY, shown from its Monday"
              value={dateText}
              error={dateError}
              onChange={(event) => setDateText(event.currentTarget.value)}
            />
            <Button type="submit" mt={46}>
              Show
            </Button>
          </Group>
        </form>
      </Group>
      {loadError && <Alert color="red">{loadError.message}</Alert>}
      {!loadError && !isReady && <Text>Loading...</Text>}
      {isReady && (
        <WeekMealEditor
          key={`${String(client.client_id)}:${weekId}`}
          client={client}
          weekId={weekId}
          catalogue={catalogue.data}
          schedule={schedule.data}
          onDirtyChange={onDirtyChange}
          onSavedAndClose={onSavedAndClose}
        />
      )}
    </Stack>
  );
}
