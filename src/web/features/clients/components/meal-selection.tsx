import { Group, Stack, Text, Title } from '@mantine/core';
import type { ClientDetail } from '../../../../contracts/clients';
import { useActiveMeals } from '../../../api/meals';
import { useSchedule } from '../../../api/menu';
import { WeekPicker } from '../../../components/week-picker';
import { WeekMealEditor } from './week-meal-editor';
import { ErrorNotice } from '../../../components/error-notice';

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
  const catalogue = useActiveMeals();
  const schedule = useSchedule(weekId);

  const loadError = catalogue.error ?? schedule.error;
  const isReady = client !== null && catalogue.data !== undefined && schedule.data !== undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="menu-selection-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="menu-selection-title">
          Client Menu Selection
        </Title>
        <WeekPicker weekId={weekId} onWeekChange={onWeekChange} confirmLeave={confirmLeave} />
      </Group>
      <ErrorNotice text={loadError?.message} />
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
