import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Account } from '../../../../contracts/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import { readSourceChoice, sourceChoices, type SourceChoice } from './source-settings';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { useAccountSave } from './use-account-save';

const sectionTitle = 'Source System';

/**
 * Where the account's clients and visits are kept: a CRM (AlayaCare) or MealRounds itself. The server refuses a
 * change to or from No CRM once the account has clients; its message shows here.
 */
export function SourceSystemSection({ account }: { account: Account }) {
  const accountSave = useAccountSave(account.id);
  const stored = readSourceChoice(account.source_system);
  const form = useForm<{ choice: SourceChoice | null }>({ initialValues: { choice: stored } });
  const { choice } = form.getValues();

  const save = form.onSubmit(async (valid) => {
    if (valid.choice === null || valid.choice === stored) return;
    await accountSave.save({ source_system: valid.choice });
  });

  return (
    <SettingsSection title={sectionTitle}>
      <form onSubmit={save} noValidate aria-label={sectionTitle}>
        <Stack gap="md" maw={560}>
          <Radio.Group
            label="Where are your clients kept?"
            description="Choose before adding clients: it can change only while the account has none."
            value={choice}
            onChange={(value) =>
              form.setFieldValue(
                'choice',
                sourceChoices.find((option) => option.value === value)?.value ?? null,
              )
            }
          >
            <Stack gap="xs" mt="xs">
              {sourceChoices.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
          {stored === 'none' && (
            <Text size="sm">
              MealRounds makes each client’s delivery visits from their plan and round. There is no CRM to
              connect to or sync from.
            </Text>
          )}
          <SavedBanner isShown={accountSave.isSaved} />
          <ErrorNotice text={accountSave.errorText} onDismiss={accountSave.dismissError} />
          <Group>
            <Button
              type="submit"
              loading={accountSave.isPending}
              disabled={choice === null || choice === stored}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
