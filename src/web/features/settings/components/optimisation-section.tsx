import { Button, Group, NativeSelect, NumberInput, Slider, Stack, Text } from '@mantine/core';
import {
  settingsNumberRanges,
  workloadBalanceSchema,
  type Account,
  type WorkloadBalance,
} from '../../../../contracts/accounts';
import { findNumberRangeError, parseWholeNumberInRange } from '../../../lib/number-range';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
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

type OptimisationValues = { timeShare: number; contingency: string | number; balance: WorkloadBalance };

function validateOptimisation(values: OptimisationValues) {
  return {
    contingency: findNumberRangeError(values.contingency, contingencyRange, 'minutes'),
  };
}

/** How the optimiser weighs time against distance, the travel contingency per leg and the day planner's balance. */
export function OptimisationSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const initialValues: OptimisationValues = {
    timeShare: account.optimisation_preference_tm,
    contingency: account.travel_contingency_mins,
    balance: account.workload_balance,
  };
  // A contingency out of range says so as soon as it is typed, and Save waits until it is right.
  const form = useFormCheckedAsTyped(initialValues, validateOptimisation);
  const { timeShare, balance } = form.getValues();

  const save = form.onSubmit(async (valid) => {
    const contingencyMins = parseWholeNumberInRange(valid.contingency, contingencyRange);
    if (contingencyMins === null) return;
    await accountSave.save({
      optimisation_preference_tm: valid.timeShare,
      travel_contingency_mins: contingencyMins,
      workload_balance: valid.balance,
    });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
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
              onChange={(value) => form.setFieldValue('timeShare', value)}
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
            {...form.getInputProps('contingency')}
          />
          <NativeSelect
            label="Workload balance"
            description="How much Plan Day evens out the rounds' working time: with Some or Strong, no round ends much later than others that have room."
            data={workloadBalanceOptions}
            value={balance}
            onChange={(event) => {
              const parsed = workloadBalanceSchema.safeParse(event.currentTarget.value);
              if (parsed.success) form.setFieldValue('balance', parsed.data);
            }}
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
