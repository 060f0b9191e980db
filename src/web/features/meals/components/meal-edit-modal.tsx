import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  Radio,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  mealStates,
  type Label,
  type Meal,
  type MealCategory,
  type MealState,
} from '../../../../contracts/meals';
import { isSuccess, unexpectedErrorMessage } from '../../../lib/api-client';
import { ErrorNotice } from '../../settings/components/error-notice';
import { useTimedNotice } from '../../settings/components/use-timed-notice';
import { useUpdateMeal } from '../api';

/** Spec section 8: meal save errors are prefixed so. */
export const mealSaveErrorPrefix = 'Failed to load meals: ';
export const mealSavedText = 'Menu item saved.';
const savedNoticeMs = 3000;

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function isMealState(value: string): value is MealState {
  return mealStates.some((state) => state === value);
}

type MealEditModalProps = {
  meal: Meal;
  categories: MealCategory[];
  labels: Label[];
  onClose: () => void;
};

/** The 'Edit Menu Item' dialog: sends the meal's fields with its key (PUT /api/meals/meals). */
export function MealEditModal({ meal, categories, labels, onClose }: MealEditModalProps) {
  const updateMeal = useUpdateMeal();
  const [description, setDescription] = useState(meal.description);
  const [category, setCategory] = useState(meal.category);
  const [mealState, setMealState] = useState<MealState>(meal.meal_state);
  const [ingredients, setIngredients] = useState(meal.ingredients);
  const [mealLabels, setMealLabels] = useState<string[]>(meal.labels);
  const [isActive, setIsActive] = useState(meal.active_ind);
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice(savedNoticeMs);

  const isNameValid = description.trim() !== '';
  const isPending = updateMeal.isPending;

  const categoryOptions = [
    { value: '', label: 'No Category' },
    ...categories.map((item) => ({ value: item.name, label: item.name })),
  ];
  if (!categoryOptions.some((option) => option.value === category)) {
    categoryOptions.push({ value: category, label: category });
  }
  const labelOptions = [...new Set([...labels.map((label) => label.name), ...mealLabels])];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isNameValid || isPending) return;
    setErrorText(null);
    savedNotice.hide();
    try {
      const response = await updateMeal.mutateAsync({
        key: meal.key,
        description: description.trim(),
        category,
        meal_state: mealState,
        ingredients,
        labels: mealLabels,
        active_ind: isActive,
      });
      if (isSuccess(response)) savedNotice.show();
      else setErrorText(mealSaveErrorPrefix + (response.meta.message || unexpectedErrorMessage));
    } catch {
      setErrorText(mealSaveErrorPrefix + unexpectedErrorMessage);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Edit Menu Item"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={save} noValidate aria-label="Edit Menu Item">
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={description}
            error={isNameValid ? null : 'Please enter a name.'}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <NativeSelect
            label="Category"
            data={categoryOptions}
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
          />
          <Radio.Group
            label="Hot/Frozen/Fresh"
            value={mealState}
            onChange={(value) => {
              if (isMealState(value)) setMealState(value);
            }}
          >
            <Group gap="lg" mt={4}>
              {mealStates.map((state) => (
                <Radio key={state} value={state} label={state} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label="Ingredients"
            autosize
            minRows={3}
            value={ingredients}
            onChange={(e) => setIngredients(e.currentTarget.value)}
          />
          <MultiSelect
            label="Labels"
            placeholder={mealLabels.length === 0 ? 'Choose labels' : undefined}
            data={labelOptions}
            value={mealLabels}
            onChange={setMealLabels}
            searchable
            clearable
          />
          <NativeSelect
            label="Status"
            data={statusOptions}
            value={isActive ? 'active' : 'inactive'}
            onChange={(e) => setIsActive(e.currentTarget.value === 'active')}
          />
          {savedNotice.isShown && (
            <Alert color="teal" role="status">
              {mealSavedText}
            </Alert>
          )}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={isPending} disabled={!isNameValid}>
              Save Menu Item
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
