import { Group, Modal, MultiSelect, NativeSelect, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SuccessNotice } from '../../../components/success-notice';
import { useState } from 'react';
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
import { FormActions } from '../../../components/form-actions';

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

type MealValues = {
  description: string;
  category: string;
  mealState: MealState;
  ingredients: string;
  labels: string[];
  allergens: string[];
  reheating: string;
  isActive: boolean;
};

function toValues(meal: Meal): MealValues {
  return {
    description: meal.description,
    category: meal.category,
    mealState: meal.meal_state,
    ingredients: meal.ingredients,
    labels: meal.labels,
    allergens: meal.allergens,
    reheating: meal.reheating_instructions,
    isActive: meal.active_ind,
  };
}

/** Each field's refusal, as the server would refuse it (the name required, every text within its length). */
function validateMeal(values: MealValues) {
  const description = values.description.trim();
  return {
    description:
      description === ''
        ? 'Please enter a name.'
        : findTextLimitError(description, mealFieldLimits.description),
    ingredients: findTextLimitError(values.ingredients, mealFieldLimits.ingredients),
    reheating: findTextLimitError(values.reheating, mealFieldLimits.reheating_instructions),
  };
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
  const initialValues = toValues(meal);
  // Each field says what is wrong from the start, then as it is typed.
  const form = useForm<MealValues>({
    initialValues,
    initialErrors: validateMeal(initialValues),
    validate: validateMeal,
    validateInputOnChange: true,
  });
  const [clashes, setClashes] = useState<AllergenClash[]>([]);
  const [clashesCreated, setClashesCreated] = useState<number | undefined>(undefined);
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();

  const title = 'Edit Menu Item';
  const values = form.getValues();
  const isValid = form.isValid();
  const isPending = updateMeal.isPending;

  const categoryOptions = [
    { value: '', label: 'No Category' },
    ...categories.map((item) => ({ value: item.name, label: item.name })),
  ];
  if (!categoryOptions.some((option) => option.value === values.category)) {
    categoryOptions.push({ value: values.category, label: values.category });
  }
  const labelOptions = [...new Set([...labels.map((label) => label.name), ...values.labels])];

  const save = form.onSubmit(async (valid) => {
    if (isPending) return;
    setErrorText(null);
    savedNotice.hide();
    const fields = {
      description: valid.description.trim(),
      category: valid.category,
      meal_state: valid.mealState,
      ingredients: valid.ingredients,
      labels: valid.labels,
      allergens: valid.allergens,
      reheating_instructions: valid.reheating,
      active_ind: valid.isActive,
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
  });

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={save} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('description')} />
          <NativeSelect label="Category" data={categoryOptions} {...form.getInputProps('category')} />
          <Radio.Group
            label="Hot/Frozen/Fresh"
            value={values.mealState}
            onChange={(value) => {
              if (isMealState(value)) form.setFieldValue('mealState', value);
            }}
          >
            <Group gap="lg" mt={4}>
              {mealStates.map((state) => (
                <Radio key={state} value={state} label={state} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea label="Ingredients" autosize minRows={3} {...form.getInputProps('ingredients')} />
          <MultiSelect
            label="Labels"
            placeholder={values.labels.length === 0 ? 'Choose labels' : undefined}
            data={labelOptions}
            {...form.getInputProps('labels')}
            searchable
            clearable
          />
          <AllergenPicker
            label="Allergens"
            description="What the meal contains; the labels print them."
            value={values.allergens}
            onChange={(allergens) => form.setFieldValue('allergens', allergens)}
          />
          <Textarea
            label="Reheating Instructions"
            description="Printed on the meal's labels."
            autosize
            minRows={2}
            {...form.getInputProps('reheating')}
          />
          <NativeSelect
            label="Status"
            data={statusOptions}
            value={values.isActive ? 'active' : 'inactive'}
            onChange={(e) => form.setFieldValue('isActive', e.currentTarget.value === 'active')}
          />
          {savedNotice.isShown && <SuccessNotice>{mealSavedText}</SuccessNotice>}
          <ClashesCreatedNotice count={clashesCreated} />
          <AllergenClashList clashes={clashes} />
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions
            onCancel={onClose}
            cancelLabel="Close"
            submitLabel="Save Menu Item"
            isPending={isPending}
            isDisabled={!isValid}
            className={classes.footer}
          />
        </Stack>
      </form>
    </Modal>
  );
}
