import { Button, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { SettingsSection } from './settings-section';
import { useState } from 'react';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { dayMonthYearSchema } from '../../../../contracts/common';
import { describeApiError } from '../../../lib/api-client';
import { findNumberRangeError, parseWholeNumberInRange } from '../../../lib/number-range';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
import { useUpdateAccount } from '../../../api/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { settingsSavedText } from './source-settings';

const sectionTitle = 'Menu Options';

const cycleWeeksRange = settingsNumberRanges.cycle_weeks;

type MenuOptionsValues = { customText: string; cycleWeeks: string | number; cycleStart: string };

function validateMenuOptions(values: MenuOptionsValues) {
  const cycleStart = values.cycleStart.trim();
  return {
    cycleWeeks: findNumberRangeError(values.cycleWeeks, cycleWeeksRange, 'weeks'),
    cycleStart:
      cycleStart === '' || dayMonthYearSchema.safeParse(cycleStart).success
        ? null
        : 'Use a valid date in DD-MM-YYYY.',
  };
}

/** Custom text printed on the menu and the menu cycle; its saved banner stays until dismissed. */
export function MenuOptionsSection({ account }: { account: Account }) {
  const updateAccount = useUpdateAccount();
  const options = account.menu_options;
  const initialValues: MenuOptionsValues = {
    customText: options.custom_text,
    cycleWeeks: options.cycle_weeks,
    cycleStart: options.cycle_start ?? '',
  };
  // Each refusal shows as soon as the field holds it, and Save waits until there is none.
  const form = useFormCheckedAsTyped(initialValues, validateMenuOptions);
  const [isSaved, setIsSaved] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const isValid = form.isValid();
  const isPending = updateAccount.isPending;

  const save = form.onSubmit(async (valid) => {
    const weeks = parseWholeNumberInRange(valid.cycleWeeks, cycleWeeksRange);
    if (weeks === null || isPending) return;
    setErrorText(null);
    setIsSaved(false);
    try {
      const cycleStart = valid.cycleStart.trim();
      const menuOptions = {
        custom_text: valid.customText,
        cycle_weeks: weeks,
        cycle_start: cycleStart === '' ? null : cycleStart,
      };
      await updateAccount.mutateAsync({ accountId: account.id, body: { menu_options: menuOptions } });
      setIsSaved(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <Textarea
            label="Custom Text"
            description="Printed on the menu."
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('customText')}
          />
          <NumberInput
            label="Cycle Weeks"
            description="How many weeks the menu cycle repeats over; 0 for no cycle."
            min={cycleWeeksRange.min}
            max={cycleWeeksRange.max}
            // A value out of range stays as typed, with the message below, rather than being changed silently.
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('cycleWeeks')}
          />
          <TextInput
            label="Cycle Start"
            description="The date the menu cycle starts, DD-MM-YYYY."
            placeholder="DD-MM-YYYY"
            {...form.getInputProps('cycleStart')}
          />
          {isSaved && <SuccessNotice onDismiss={() => setIsSaved(false)}>{settingsSavedText}</SuccessNotice>}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group>
            <Button type="submit" loading={isPending} disabled={!isValid}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
