import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { findNumberRangeError, parseWholeNumberInRange } from '../../../lib/number-range';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
import { ErrorNotice } from '../../../components/error-notice';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Volunteer Drivers';
const cutoffRange = settingsNumberRanges.release_cutoff_hours;

/** How late a driver may give a day back on their own page (their personal link); open to every user. */
export function VolunteerDriversSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  // Out of range says so as soon as it is typed, and Save waits until it is right.
  const form = useFormCheckedAsTyped<{ cutoff: string | number }>(
    { cutoff: account.release_cutoff_hours },
    ({ cutoff }) => ({
      cutoff: findNumberRangeError(cutoff, cutoffRange, 'hours'),
    }),
  );

  const save = form.onSubmit(async (valid) => {
    const cutoffHours = parseWholeNumberInRange(valid.cutoff, cutoffRange);
    if (cutoffHours !== null) await accountSave.save({ release_cutoff_hours: cutoffHours });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <NumberInput
            label="Give-back Cutoff (hours before pickup)"
            description="Until then a driver may give a day back on their own page; later they phone the office."
            min={cutoffRange.min}
            max={cutoffRange.max}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('cutoff')}
          />
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={!form.isValid()}>
              Save Cutoff
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
