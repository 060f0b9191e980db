import { Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useByDaysMessage, type Account, type LabelOptions } from '../../../../contracts/accounts';
import {
  isLabelOffset,
  labelLayoutIds,
  labelLayouts,
  labelOffsetMessage,
  labelOffsetRange,
  type LabelLayoutId,
} from '../../../../domain/label-layouts';
import { mealStates, type MealState } from '../../../../contracts/meals';
import { useByDaysRange } from '../../../../domain/use-by';
import { parseWholeNumberInRange } from '../../../lib/number-range';
import { ErrorNotice } from '../../../components/error-notice';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Label Printing';

const layoutOptions = labelLayoutIds.map((id) => ({ value: id, label: labelLayouts[id].name }));

function isLayoutId(value: string): value is LabelLayoutId {
  return (labelLayoutIds as readonly string[]).includes(value);
}

/** A number box's value as a printer offset, or null (empty, out of range or finer than a tenth). */
function parseOffset(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && isLabelOffset(number) ? number : null;
}

type Draft = {
  layout: LabelLayoutId;
  offsetX: string | number;
  offsetY: string | number;
  days: Record<MealState, string | number>;
};

function toOptions(draft: Draft): LabelOptions | null {
  const offsetX = parseOffset(draft.offsetX);
  const offsetY = parseOffset(draft.offsetY);
  const hot = parseWholeNumberInRange(draft.days.Hot, useByDaysRange);
  const frozen = parseWholeNumberInRange(draft.days.Frozen, useByDaysRange);
  const fresh = parseWholeNumberInRange(draft.days.Fresh, useByDaysRange);
  if (offsetX === null || offsetY === null || hot === null || frozen === null || fresh === null) return null;
  return {
    layout: draft.layout,
    offset_x_mm: offsetX,
    offset_y_mm: offsetY,
    use_by_days: { Hot: hot, Frozen: frozen, Fresh: fresh },
  };
}

/**
 * How meal labels print: the label sheet, the printer offset (for a printer that places everything a little off)
 * and the days from delivery to the use-by date per meal state. Numbers out of range stay as typed, with the
 * message under them, and Save waits until they are right.
 */
export function LabelOptionsSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const stored = account.label_options;
  const form = useForm<Draft>({
    initialValues: {
      layout: stored.layout,
      offsetX: stored.offset_x_mm,
      offsetY: stored.offset_y_mm,
      days: stored.use_by_days,
    },
  });
  const draft = form.getValues();
  const options = toOptions(draft);
  const offsetProps = {
    min: labelOffsetRange.min,
    max: labelOffsetRange.max,
    step: 0.5,
    decimalScale: 1,
    clampBehavior: 'none' as const,
  };

  const save = form.onSubmit(async (valid) => {
    const checked = toOptions(valid);
    if (checked) await accountSave.save({ label_options: checked });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <NativeSelect
            label="Label Sheet"
            description="The label stock the kitchen prints meal labels on."
            data={layoutOptions}
            value={draft.layout}
            onChange={(e) => {
              const { value } = e.currentTarget;
              if (isLayoutId(value)) form.setFieldValue('layout', value);
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Printer Offset Right (mm)"
              description="Negative moves the labels left."
              {...offsetProps}
              value={draft.offsetX}
              error={parseOffset(draft.offsetX) === null ? labelOffsetMessage : null}
              onChange={(value) => form.setFieldValue('offsetX', value)}
            />
            <NumberInput
              label="Printer Offset Down (mm)"
              description="Negative moves the labels up."
              {...offsetProps}
              value={draft.offsetY}
              error={parseOffset(draft.offsetY) === null ? labelOffsetMessage : null}
              onChange={(value) => form.setFieldValue('offsetY', value)}
            />
          </SimpleGrid>
          <Fieldset
            legend={
              <Text component="span" size="sm" fw={700}>
                Use-By Days
              </Text>
            }
            variant="unstyled"
          >
            <Text c="dimmed" size="xs" mb="xs">
              Days from the delivery date to the use-by date on each label; 0 is the delivery date itself.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {mealStates.map((state) => (
                <NumberInput
                  key={state}
                  label={state}
                  min={useByDaysRange.min}
                  max={useByDaysRange.max}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={draft.days[state]}
                  error={
                    parseWholeNumberInRange(draft.days[state], useByDaysRange) === null
                      ? useByDaysMessage
                      : null
                  }
                  onChange={(value) => form.setFieldValue(`days.${state}`, value)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={options === null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
