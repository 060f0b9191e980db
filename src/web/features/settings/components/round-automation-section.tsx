import { Button, Group, NativeSelect, Slider, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Account, RoundAutomation } from '../../../../contracts/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { RoundAutomationRuns } from './round-automation-runs';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Route Automation Preferences';
const optimiseByOptions = [
  { value: 'optimal', label: 'Optimal' },
  { value: 'preferred', label: 'Preferred' },
];

function isOptimiseBy(value: string): value is RoundAutomation['optimise_by'] {
  return value === 'optimal' || value === 'preferred';
}

/**
 * Daily ordering and publishing of every round's visits (docs/architecture.md, "Maps and routing"). The days in advance and
 * optimise by controls show only while it is enabled.
 */
export function RoundAutomationSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const form = useForm<RoundAutomation>({ initialValues: account.route_automation });
  const values = form.getValues();
  const isEnabled = values.enabled === '1';

  const save = form.onSubmit(async (valid) => {
    await accountSave.save({ route_automation: valid });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <Switch
            label="Enabled"
            description="Order and publish each round's visits every day."
            checked={isEnabled}
            onChange={(event) => {
              form.setFieldValue('enabled', event.currentTarget.checked ? '1' : '0');
            }}
          />
          {isEnabled && (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {`Days in Advance: ${values.days_in_advance}`}
                </Text>
                <Slider
                  min={1}
                  max={28}
                  step={1}
                  value={values.days_in_advance}
                  onChange={(days) => form.setFieldValue('days_in_advance', days)}
                  thumbLabel="Days in advance"
                  marks={[
                    { value: 1, label: '1' },
                    { value: 14, label: '14' },
                    { value: 28, label: '28' },
                  ]}
                  mb="lg"
                />
              </Stack>
              <NativeSelect
                label="Optimise By"
                data={optimiseByOptions}
                value={values.optimise_by}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (isOptimiseBy(value)) form.setFieldValue('optimise_by', value);
                }}
                w={220}
              />
            </>
          )}
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button type="submit" loading={accountSave.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <RoundAutomationRuns />
    </SettingsSection>
  );
}
