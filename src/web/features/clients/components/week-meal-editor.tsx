import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ClientDetail } from '../../../../contracts/clients';
import type { MealList, Schedule } from '../../../../contracts/meals';
import { LabelTag } from '../../../components/label-tag';
import { describeApiError } from '../../../lib/api-client';
import { useUpdateClient } from '../../../api/clients';
import {
  buildDraft,
  buildGridRows,
  buildMealChoices,
  changeCard,
  listWeekDates,
  readCard,
  resetZeroQuantities,
  summariseDraft,
  type CardChange,
} from '../meal-selection-model';
import { getWeekdayName } from '../../../../domain/calendar-names';
import { useTimedNotice } from '../../../components/use-timed-notice';
import { findClashingAllergens } from '../../../../domain/allergen-clash';
import { AllergenOverrideModal } from './allergen-override-modal';
import { CommentModal } from './comment-modal';
import { MealSelectionGrid } from './meal-selection-grid';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';

type WeekMealEditorProps = {
  client: ClientDetail;
  weekId: string;
  catalogue: MealList;
  schedule: Schedule;
  onDirtyChange: (isDirty: boolean) => void;
  onSavedAndClose: () => void;
};

export const mealsSavedText = 'Client meal choices updated successfully.';

/** One week of the client's meal choices, edited as a draft and saved as a whole week. */
export function WeekMealEditor(props: WeekMealEditorProps) {
  const { client, weekId, catalogue, schedule, onDirtyChange, onSavedAndClose } = props;
  const dates = useMemo(() => listWeekDates(weekId), [weekId]);
  const [draft, setDraft] = useState(() => buildDraft(client.meal_choices, dates));
  const [saved, setSaved] = useState(() => summariseDraft(draft, dates));
  const [editing, setEditing] = useState<{ date: string; mealKey: string } | null>(null);
  const [overriding, setOverriding] = useState<{ date: string; mealKey: string } | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const banner = useTimedNotice();
  const updateClient = useUpdateClient(client.client_id);

  const isDirty = summariseDraft(draft, dates) !== saved;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const rows = buildGridRows(schedule, catalogue.categories, catalogue.meals, draft, dates);
  const mealByKey = useMemo(
    () => new Map(catalogue.meals.map((meal) => [meal.key, meal])),
    [catalogue.meals],
  );

  // Stable, so that the cards a change does not touch are not rendered again.
  const changeMeal = useCallback(
    (date: string, mealKey: string, change: CardChange) => {
      const meal = mealByKey.get(mealKey) ?? { key: mealKey, meal_state: 'Frozen' as const };
      setDraft((current) => changeCard(current, date, meal, change));
    },
    [mealByKey],
  );
  const editComment = useCallback((date: string, mealKey: string) => setEditing({ date, mealKey }), []);
  const requestOverride = useCallback(
    (date: string, mealKey: string) => setOverriding({ date, mealKey }),
    [],
  );
  const overridingMeal = overriding ? mealByKey.get(overriding.mealKey) : undefined;

  async function save(isClosing: boolean) {
    setErrorText(null);
    // A ticked meal with 0 or less is chosen all the same: one portion, shown as sent.
    const ready = resetZeroQuantities(draft);
    setDraft(ready);
    const built = buildMealChoices(ready, dates);
    if (!built.isValid) {
      setErrorText('Please give every ticked meal a quantity from 1 to 99.');
      return;
    }
    try {
      await updateClient.mutateAsync({ meal_choices: built.mealChoices });
      const summary = summariseDraft(ready, dates);
      setSaved(summary);
      if (isClosing) {
        onDirtyChange(false);
        onSavedAndClose();
        return;
      }
      banner.show(mealsSavedText);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

  const editingMeal = editing ? mealByKey.get(editing.mealKey) : undefined;
  const editingCard = editing
    ? readCard(draft, editing.date, editingMeal ?? { key: editing.mealKey, meal_state: 'Frozen' })
    : null;
  const editingDay = editing ? getWeekdayName(dates.indexOf(editing.date)) : '';
  const hasMenu = rows.some((row) => row.cells.some((cell) => cell.length > 0));

  return (
    <Stack gap="sm">
      {banner.text && <SuccessNotice>{banner.text}</SuccessNotice>}
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      {hasMenu ? (
        <MealSelectionGrid
          rows={rows}
          dates={dates}
          dayStates={client.day_states}
          draft={draft}
          clientLabels={client.labels}
          clientAllergies={client.allergies}
          labels={catalogue.labels}
          onChange={changeMeal}
          onEditComment={editComment}
          onRequestOverride={requestOverride}
        />
      ) : (
        <Text>There is no menu for this week.</Text>
      )}
      {catalogue.labels.length > 0 && (
        <Group gap="xs" aria-label="Label colours" role="group">
          <Text size="sm" fw={700}>
            Labels:
          </Text>
          {catalogue.labels.map((label) => (
            <LabelTag key={label.key} name={label.name} colour={label.colour} />
          ))}
        </Group>
      )}
      <Group gap="sm">
        <Button onClick={() => void save(false)} loading={updateClient.isPending}>
          Save
        </Button>
        <Button variant="default" onClick={() => void save(true)} disabled={updateClient.isPending}>
          Save and Close
        </Button>
        {isDirty && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
      </Group>
      {editing && editingCard && (
        <CommentModal
          title={`Comment: ${editingMeal?.description ?? editing.mealKey} on ${editingDay}`}
          initial={editingCard.comment}
          onSave={(text) => changeMeal(editing.date, editing.mealKey, { kind: 'comment', text })}
          onClose={() => setEditing(null)}
        />
      )}
      {overriding && overridingMeal && (
        <AllergenOverrideModal
          mealName={`${overridingMeal.description} on ${getWeekdayName(dates.indexOf(overriding.date))}`}
          clashing={findClashingAllergens(overridingMeal.allergens, client.allergies)}
          onConfirm={(reason) =>
            changeMeal(overriding.date, overriding.mealKey, { kind: 'override', reason })
          }
          onClose={() => setOverriding(null)}
        />
      )}
    </Stack>
  );
}
