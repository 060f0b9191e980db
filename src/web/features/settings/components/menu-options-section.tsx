import { Button, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { SettingsSection } from './settings-section';
import { useState, type FormEvent } from 'react';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { dayMonthYearSchema } from '../../../../contracts/common';
import { describeApiError } from '../../../lib/api-client';
import { describeNumberRange, parseWholeNumberInRange } from '../../../lib/number-range';
import { useUpdateAccount } from '../../../api/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { settingsSavedText } from './source-settings';

const sectionTitle = 'Menu Options';

const cycleWeeksRange = settingsNumberRanges.cycle_weeks;

/** Custom text printed on the menu and the menu cycle; its saved banner stays until dismissed. */
export function MenuOptionsSection({ account }: { account: Account }) {
  const updateAccount = useUpdateAccount();
  const options = account.menu_options;
  const [customText, setCustomText] = useState(options.custom_text);
  const [cycleWeeks, setCycleWeeks] = useState<string | number>(options.cycle_weeks);
  const [cycleStart, setCycleStart] = useState(options.cycle_start ?? '');
  const [isSaved, setIsSaved] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  const weeks = parseWholeNumberInRange(cycleWeeks, cycleWeeksRange);
  const trimmedStart = cycleStart.trim();
  const isStartValid = trimmedStart === '' || dayMonthYearSchema.safeParse(trimmedStart).success;
  const isValid = weeks !== null && isStartValid;
  const isPending = updateAccount.isPending;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (weeks === null || !isValid || isPending) return;
    setErrorText(null);
    setIsSaved(false);
    try {
      const menuOptions = {
        custom_text: customText,
        cycle_weeks: weeks,
        cycle_start: trimmedStart === '' ? null : trimmedStart,
      };
      await updateAccount.mutateAsync({ accountId: account.id, body: { menu_options: menuOptions } });
      setIsSaved(true);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }

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
            value={customText}
            onChange={(e) => setCustomText(e.currentTarget.value)}
          />
          <NumberInput
            label="Cycle Weeks"
            description="How many weeks the menu cycle repeats over; 0 for no cycle."
            min={cycleWeeksRange.min}
            max={cycleWeeksRange.max}
            // A value out of range stays as typed, with the message below, rather than being changed silently.
            clampBehavior="none"
            allowDecimal={false}
            value={cycleWeeks}
            error={weeks === null ? describeNumberRange(cycleWeeksRange, 'weeks') : null}
            onChange={setCycleWeeks}
          />
          <TextInput
            label="Cycle Start"
            description="The date the menu cycle starts, DD-MM-YYYY."
            placeholder="DD-MM-YYYY"
            value={cycleStart}
            error={isStartValid ? null : 'Use a valid date in DD-MM-YYYY.'}
            onChange={(e) => setCycleStart(e.currentTarget.value)}
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
