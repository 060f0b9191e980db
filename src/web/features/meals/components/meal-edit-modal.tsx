import {
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
import { SuccessNotice } from '../../../components/success-notice';
import { useState, type FormEvent } from 'react';
import {
  mealFieldLimits,
  mealStates,
  type Label,
  type Meal,
  type MealCategory,
  type MealState,
} from '../../../../contracts/meals';
import type { AllergenClash } from '../../../../contracts/allergens';
import { AllergenPicker } from '../../../components/allergen-picker';
import { describeApiError } from '../../../lib/api-client';
import { findTextLimitError } from '../../../lib/text-limit';
import { ErrorNotice } from '../../../components/error-notice';
import { useTimedNotice } from '../../../components/use-timed-notice';
import { useUpdateMeal } from '../../../api/meals';
import { ClashesCreatedNotice } from '../../../components/clashes-created-notice';
import { AllergenClashList } from './allergen-clash-list';
import classes from './meal-edit-modal.module.css';

/** A failed meal save starts with this prefix, word for word as users know it. */
export const mealSaveErrorPrefix = 'Failed to load meals: ';
export const mealSavedText = 'Menu item saved.';

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

/**
 * The 'Edit Menu Item' dialog (also of a meal Add Item has just created): Save sends its fields with its key
 * (PUT /api/meals/meals).
 */
export function MealEditModal({ meal, categories, labels, onClose }: MealEditModalProps) {
  const updateMeal = useUpdateMeal();
  const [description, setDescription] = useState(meal.description);
  const [category, setCategory] = useState(meal.category);
  const [mealState, setMealState] = useState<MealState>(meal.meal_state);
  const [ingredients, setIngredients] = useState(meal.ingredients);
  const [mealLabels, setMealLabels] = useState<string[]>(meal.labels);
  const [allergens, setAllergens] = useState<string[]>(meal.allergens);
  const [reheating, setReheating] = useState(meal.reheating_instructions);
  const [clashes, setClashes] = useState<AllergenClash[]>([]);
  const [clashesCreated, setClashesCreated] = useState<number | undefined>(undefined);
  const [isActive, setIsActive] = useState(meal.active_ind);
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();

  const title = 'Edit Menu Item';
  const nameError =
    description.trim() === ''
      ? 'Please enter a name.'
      : findTextLimitError(description.trim(), mealFieldLimits.description);
  const ingredientsError = findTextLimitError(ingredients, mealFieldLimits.ingredients);
  const reheatingError = findTextLimitError(reheating, mealFieldLimits.reheating_instructions);
  const isValid = nameError === null && ingredientsError === null && reheatingError === null;
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
    if (!isValid || isPending) return;
    setErrorText(null);
    savedNotice.hide();
    const fields = {
      description: description.trim(),
      category,
      meal_state: mealState,
      ingredients,
      labels: mealLabels,
      allergens,
      reheating_instructions: reheating,
      active_ind: isActive,
    };
    try {
      const saved: Meal & { allergen_clashes?: AllergenClash[]; allergen_clashes_created?: number } =
        await updateMeal.mutateAsync({ key: meal.key, ...fields });
      setClashes(saved.allergen_clashes ?? []);
      setClashesCreated(saved.allergen_clashes_created);
      savedNotice.show();
    } catch (error) {
      setErrorText(mealSaveErrorPrefix + describeApiError(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={save} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={description}
            error={nameError}
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
            error={ingredientsError}
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
          <AllergenPicker
            label="Allergens"
            description="What the meal contains; the labels print them."
            value={allergens}
            onChange={setAllergens}
          />
          <Textarea
            label="Reheating Instructions"
            description="Printed on the meal's labels."
            autosize
            minRows={2}
            value={reheating}
            error={reheatingError}
            onChange={(e) => setReheating(e.currentTarget.value)}
          />
          <NativeSelect
            label="Status"
            data={statusOptions}
            value={isActive ? 'active' : 'inactive'}
            onChange={(e) => setIsActive(e.currentTarget.value === 'active')}
          />
          {savedNotice.isShown && <SuccessNotice>{mealSavedText}</SuccessNotice>}
          <ClashesCreatedNotice count={clashesCreated} />
          <AllergenClashList clashes={clashes} />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="flex-end" className={classes.footer}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={isPending} disabled={!isValid}>
              Save Menu Item
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
