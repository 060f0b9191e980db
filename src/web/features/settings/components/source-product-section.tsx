import { Button, Fieldset, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { SettingsSection } from './settings-section';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Account } from '../../../../contracts/accounts';
import { describeApiError } from '../../../lib/api-client';
import {
  useCancelCodes,
  useClientTags,
  usePremiums,
  useServiceCodes,
  useVisitTags,
} from '../../../api/source-lists';
import { useMealCategories } from '../../../api/meal-categories';
import { useUpdateAccount } from '../../../api/accounts';
import { ErrorNotice } from '../../../components/error-notice';
import {
  buildPremiumOptions,
  buildServiceCodeOptions,
  buildSourceSettings,
  buildTagOptions,
  readSourceProductForm,
  readStoredPremium,
  type SourceProductForm,
} from './source-settings';
import { SavedBanner } from './saved-banner';
import { useTimedNotice } from '../../../components/use-timed-notice';

/** The choices, and the code that cancels a held client's visits in the CRM. */
type CareSystemValues = SourceProductForm & { cancelCodeId: string | null };

type SourceProductSectionProps = { account: Account; title: string };

type TagSelectProps = {
  label: string;
  description: string;
  tags: Parameters<typeof buildTagOptions>[0];
  /** The chosen tag's name; '' for none. */
  value: string;
  onChange: (tag: string) => void;
};

/**
 * One of the CRM's tags, searchable; the stored tag stays listed even when the CRM no longer has it. No
 * nothingFoundMessage: an open list with no options fails axe (a listbox without options).
 */
function TagSelect({ label, description, tags, value, onChange }: TagSelectProps) {
  return (
    <Select
      label={label}
      description={description}
      placeholder="Choose a tag"
      data={buildTagOptions(tags, value)}
      value={value || null}
      onChange={(tag) => onChange(tag ?? '')}
      searchable
      clearable
      allowDeselect={false}
    />
  );
}

/**
 * The connected care-management system (AlayaCare): which clients and visits are meals, the meal services, and
 * the premium that claims each meal category. Choices come from the CRM; when a list cannot be read the form
 * keeps working with what is stored.
 */
export function SourceProductSection({ account, title }: SourceProductSectionProps) {
  const updateAccount = useUpdateAccount();
  const isLinked = account.source_url !== '';
  const clientTags = useClientTags(isLinked);
  const visitTags = useVisitTags(isLinked);
  const serviceCodes = useServiceCodes(isLinked);
  const premiums = usePremiums(isLinked);
  const cancelCodes = useCancelCodes(isLinked);
  const categories = useMealCategories();
  const form = useForm<CareSystemValues>({
    initialValues: {
      ...readSourceProductForm(account.source_settings),
      cancelCodeId: account.source_settings.cancel_code_id ?? null,
    },
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const savedNotice = useTimedNotice();

  const lists = [clientTags, visitTags, serviceCodes, premiums, cancelCodes, categories];
  const isLoading = lists.some((list) => list.isLoading);
  // One CRM outage fails every list with the same message: say it once.
  const listErrors = [...new Set(lists.flatMap((list) => (list.isError ? [list.error.message] : [])))];
  const stored = account.source_settings;
  const isPending = updateAccount.isPending;

  const values = form.getValues();
  // A category key is the server's, and may hold a dot: the premiums change as one field.
  const updatePremium = (categoryKey: string, premiumId: string) =>
    form.setFieldValue('premiumIds', (current) => ({ ...current, [categoryKey]: premiumId }));

  const saveSourceSettings = form.onSubmit(async (valid) => {
    if (isPending || isLoading) return;
    setErrorText(null);
    savedNotice.hide();
    const sourceSettings = {
      ...buildSourceSettings(valid, stored, {
        serviceCodes: serviceCodes.data,
        premiums: premiums.data,
        categoryKeys: (categories.data ?? []).map((category) => category.key),
      }),
      cancel_code_id: valid.cancelCodeId,
    };
    try {
      await updateAccount.mutateAsync({ accountId: account.id, body: { source_settings: sourceSettings } });
      savedNotice.show();
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

  return (
    <SettingsSection title={title}>
      {account.source_system === 'demo' && (
        <Text>This account uses the built-in AlayaCare simulator with demonstration data.</Text>
      )}
      {!isLinked && <Text c="dimmed">Save the CRM&apos;s web address above to choose from its lists.</Text>}
      {listErrors.map((message) => (
        <ErrorNotice key={message} text={message} />
      ))}
      {isLoading ? (
        <Text>Loading...</Text>
      ) : (
        <form onSubmit={saveSourceSettings} noValidate aria-label={`${title} settings`}>
          <Stack gap="md" maw={560}>
            <TagSelect
              label="Client Tag"
              description="Only clients with this tag are meal clients."
              tags={clientTags.data}
              value={values.clientTag}
              onChange={(tag) => form.setFieldValue('clientTag', tag)}
            />
            <TagSelect
              label="Visit Tag"
              description="Only visits with this tag are meal deliveries."
              tags={visitTags.data}
              value={values.visitTag}
              onChange={(tag) => form.setFieldValue('visitTag', tag)}
            />
            <MultiSelect
              label="Service Codes"
              description="The services that deliver meals."
              placeholder={values.serviceCodeIds.length === 0 ? 'Choose service codes' : undefined}
              data={buildServiceCodeOptions(serviceCodes.data, stored.service_codes)}
              {...form.getInputProps('serviceCodeIds')}
              searchable
              clearable
            />
            <Select
              label="Hold Cancel Code"
              description="Visits on days a client is on hold are cancelled in the CRM with this code."
              placeholder="Choose a cancel code"
              data={(cancelCodes.data ?? []).map((code) => ({
                value: code.id,
                label: code.description ? `${code.code} - ${code.description}` : code.code,
              }))}
              {...form.getInputProps('cancelCodeId')}
              searchable
              clearable
              allowDeselect={false}
            />
            <Fieldset
              legend={
                <Text component="span" size="sm" fw={700}>
                  Meal Premiums
                </Text>
              }
              variant="unstyled"
            >
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  For each meal category, the premium used to claim its meals.
                </Text>
                {categories.data?.length === 0 && <Text>No meal categories yet.</Text>}
                {categories.data?.map((category) => (
                  <Select
                    key={category.key}
                    label={`${category.name} Premium`}
                    placeholder="Choose a premium"
                    data={buildPremiumOptions(
                      premiums.data,
                      readStoredPremium(stored.premiums[category.key]),
                    )}
                    value={values.premiumIds[category.key] || null}
                    onChange={(value) => updatePremium(category.key, value ?? '')}
                    searchable
                    clearable
                    allowDeselect={false}
                  />
                ))}
              </Stack>
            </Fieldset>
            <SavedBanner isShown={savedNotice.isShown} />
            <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
            <Group>
              <Button type="submit" loading={isPending} disabled={isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsSection>
  );
}
