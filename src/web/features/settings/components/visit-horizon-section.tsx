import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { findNumberRangeError, parseWholeNumberInRange } from '../../../lib/number-range';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Visits';
const horizonRange = settingsNumberRanges.visit_horizon_weeks;

/** Without a CRM: how many weeks ahead MealRounds makes the clients' visits. */
export function VisitHorizonSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  // Out of range says so as soon as it is typed, and Save waits until it is right.
  const form = useFormCheckedAsTyped<{ weeks: string | number }>(
    { weeks: account.visit_horizon_weeks },
    ({ weeks }) => ({
      weeks: findNumberRangeError(weeks, horizonRange, 'weeks'),
    }),
  );

  const save = form.onSubmit(async (valid) => {
    const horizonWeeks = parseWholeNumberInRange(valid.weeks, horizonRange);
    if (horizonWeeks !== null) await accountSave.save({ visit_horizon_weeks: horizonWeeks });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <NumberInput
            label="Visit horizon (weeks)"
            description="MealRounds keeps every client’s delivery visits made this many weeks ahead, from their plan and round."
            min={horizonRange.min}
            max={horizonRange.max}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('weeks')}
          />
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={!form.isValid()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
