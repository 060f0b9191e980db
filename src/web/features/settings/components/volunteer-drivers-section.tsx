import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { describeNumberRange, parseWholeNumberInRange } from '../../../lib/number-range';
import { ErrorNotice } from '../../../components/error-notice';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Volunteer Drivers';
const cutoffRange = settingsNumberRanges.release_cutoff_hours;

/** How late a driver may give a day back on their own page (their personal link); open to every user. */
export function VolunteerDriversSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const [cutoff, setCutoff] = useState<string | number>(account.release_cutoff_hours);
  const cutoffHours = parseWholeNumberInRange(cutoff, cutoffRange);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cutoffHours === null) return;
    await accountSave.save({ release_cutoff_hours: cutoffHours });
  }

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={(event) => void save(event)} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <NumberInput
            label="Give-back Cutoff (hours before pickup)"
            description="Until then a driver may give a day back on their own page; later they phone the office."
            min={cutoffRange.min}
            max={cutoffRange.max}
            clampBehavior="none"
            allowDecimal={false}
            value={cutoff}
            error={cutoffHours === null ? describeNumberRange(cutoffRange, 'hours') : null}
            onChange={setCutoff}
          />
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={cutoffHours === null}>
              Save Cutoff
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
