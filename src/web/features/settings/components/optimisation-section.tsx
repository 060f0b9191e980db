import { Button, Group, NativeSelect, NumberInput, Slider, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  settingsNumberRanges,
  workloadBalanceSchema,
  type Account,
  type WorkloadBalance,
} from '../../../../contracts/accounts';
import { describeNumberRange, parseWholeNumberInRange } from '../../../lib/number-range';
import { ErrorNotice } from '../../../components/error-notice';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Optimisation Preferences';

const contingencyRange = settingsNumberRanges.travel_contingency_mins;
const workloadBalanceOptions: { value: WorkloadBalance; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'some', label: 'Some' },
  { value: 'strong', label: 'Strong' },
];

/** How the optimiser weighs time against distance, the travel contingency per leg and the day planner's balance. */
export function OptimisationSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const [timeShare, setTimeShare] = useState(account.optimisation_preference_tm);
  const [contingency, setContingency] = useState<string | number>(account.travel_contingency_mins);
  const [balance, setBalance] = useState(account.workload_balance);
  const contingencyMins = parseWholeNumberInRange(contingency, contingencyRange);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (contingencyMins === null) return;
    await accountSave.save({
      optimisation_preference_tm: timeShare,
      travel_contingency_mins: contingencyMins,
      workload_balance: balance,
    });
  }

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={(event) => void save(event)} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Time and Distance
            </Text>
            <Text size="xs" c="dimmed">
              How much the optimiser favours a shorter time over a shorter distance.
            </Text>
            <Slider
              // The end marks' labels are centred on the ends: keep them inside the section.
              mx="xl"
              min={0}
              max={100}
              step={1}
              value={timeShare}
              onChange={setTimeShare}
              thumbLabel="Time share"
              label={(value) => `${value}% time`}
              marks={[
                { value: 0, label: 'Distance' },
                { value: 50, label: '50/50' },
                { value: 100, label: 'Time' },
              ]}
              mb="lg"
            />
            <Text size="sm">{`Time ${timeShare}%, Distance ${100 - timeShare}%`}</Text>
          </Stack>
          <NumberInput
            label="Travel Contingency (minutes)"
            description="Added to the travel of every leg of a round."
            min={contingencyRange.min}
            max={contingencyRange.max}
            // A value out of range stays as typed, with the message below, rather than being changed silently.
            clampBehavior="none"
            allowDecimal={false}
            value={contingency}
            error={contingencyMins === null ? describeNumberRange(contingencyRange, 'minutes') : null}
            onChange={setContingency}
          />
          <NativeSelect
            label="Workload balance"
            description="How much Plan Day evens out the rounds' working time: with Some or Strong, no round ends much later than others that have room."
            data={workloadBalanceOptions}
            value={balance}
            onChange={(event) => {
              const parsed = workloadBalanceSchema.safeParse(event.currentTarget.value);
              if (parsed.success) setBalance(parsed.data);
            }}
          />
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending} disabled={contingencyMins === null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
