import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { settingsNumberRanges, type Account } from '../../../../contracts/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { describeNumberRange, parseWholeNumberInRange } from '../../../lib/number-range';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Visits';
const horizonRange = settingsNumberRanges.visit_horizon_weeks;

/** Without a CRM: how many weeks ahead MealRounds makes the clients' visits. */
export function VisitHorizonSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const [weeks, setWeeks] = useState<string | number>(account.visit_horizon_weeks);
  const horizonWeeks = parseWholeNumberInRange(weeks, horizonRange);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (horizonWeeks === null) return;
    await accountSave.save({ visit_horizon_weeks: horizonWeeks });
  }

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={(event) => void save(event)} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <NumberInput
            label="Visit horizon (weeks)"
            description="MealRounds keeps every client’s delivery visits made this many weeks ahead, from their plan and round."
            min={horizonRange.min}
            max={horizonRange.max}
            clampBehavior="none"
            allowDecimal={false}
            value={weeks}
            error={horizonWeeks === null ? describeNumberRange(horizonRange, 'weeks') : null}
            onChange={setWeeks}
          />
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={horizonWeeks === null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
