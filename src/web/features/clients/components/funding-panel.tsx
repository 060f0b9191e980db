import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import {
  fundingCodeFields,
  fundingProgrammeLabels,
  fundingProgrammes,
  type FundingCodes,
  type FundingProfile,
  type FundingProgramme,
} from '../../../../contracts/funding';
import { useFundingCodes, useFundingProfile, useSaveFundingProfile } from '../../../api/funding';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import { describeApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/field-errors';
import { useTimedNotice } from '../../../components/use-timed-notice';
import {
  findFundingFormErrors,
  fundingCodeInputs,
  toFundingBody,
  toFundingForm,
  toFundingFormErrors,
  type FundingForm,
} from '../funding-form';

export const fundingSavedText = 'Funding details saved.';

const notKnown = { value: '', label: 'Not known' };

type FundingPanelProps = { clientId: number; onDirtyChange: (isDirty: boolean) => void };

/** The client's funder profile: programme, fee per meal and the Data Exchange fields, with the SLK-581. */
export function FundingPanel({ clientId, onDirtyChange }: FundingPanelProps) {
  const profile = useFundingProfile(clientId);
  const codes = useFundingCodes();
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="client-funding-title">
      <Title order={2} size="h4" id="client-funding-title" mb="xs">
        Funding
      </Title>
      {profile.isPending || codes.isPending ? (
        <Text>Loading...</Text>
      ) : profile.isError || codes.isError ? (
        <ErrorNotice text={describeApiError(profile.error ?? codes.error)} />
      ) : (
        <FundingFormFields
          key={profile.data.client_id}
          profile={profile.data}
          codes={codes.data}
          onDirtyChange={onDirtyChange}
        />
      )}
    </Paper>
  );
}

type FundingFormFieldsProps = {
  profile: FundingProfile;
  codes: FundingCodes;
  onDirtyChange: (isDirty: boolean) => void;
};

function FundingFormFields({ profile, codes, onDirtyChange }: FundingFormFieldsProps) {
  // Checked on Save; the server's refusals (a code not in its list, a birth date out of range) show on their fields.
  const form = useForm<FundingForm>({
    initialValues: toFundingForm(profile),
    validate: findFundingFormErrors,
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const banner = useTimedNotice();
  const save = useSaveFundingProfile(profile.client_id);
  const values = form.getValues();
  const isDirty = form.isDirty();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const submit = form.onSubmit(
    async (valid) => {
      setErrorText(null);
      try {
        await save.mutateAsync(toFundingBody(valid));
        form.resetDirty(valid);
        banner.show(fundingSavedText);
      } catch (error) {
        setErrorText(describeApiError(error));
        form.setErrors(toFundingFormErrors(readFieldErrors(error)));
      }
    },
    () => setErrorText(null),
  );

  const slk = save.data?.slk ?? profile.slk;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          SLK-581: <strong>{slk || 'known once the birth date is saved'}</strong>
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label="Programme"
            data={[
              { value: '', label: 'Not set' },
              ...fundingProgrammes.map((value) => ({ value, label: fundingProgrammeLabels[value] })),
            ]}
            value={values.programme ?? ''}
            onChange={(event) =>
              form.setFieldValue('programme', (event.currentTarget.value || null) as FundingProgramme | null)
            }
          />
          <TextInput label="Fee per Meal ($)" {...form.getInputProps('fee')} />
          <TextInput label="Birth Date" placeholder="DD-MM-YYYY" {...form.getInputProps('birthDate')} />
          <Checkbox
            mt={30}
            label="Birth date is an estimate"
            {...form.getInputProps('is_birth_date_estimate', { type: 'checkbox' })}
          />
          {fundingCodeInputs.map(({ field, label }) => {
            const list = codes[fundingCodeFields[field]];
            const value = values[field] ?? '';
            const options = list.map((entry) => ({ value: entry.code, label: entry.description }));
            // A code no longer in the list stays visible until changed.
            if (value && !list.some((entry) => entry.code === value)) options.push({ value, label: value });
            return (
              <NativeSelect
                key={field}
                label={label}
                data={[notKnown, ...options]}
                value={value}
                error={form.errors[field]}
                onChange={(event) => form.setFieldValue(field, event.currentTarget.value || null)}
              />
            );
          })}
          <NativeSelect
            label="Has a Carer"
            data={[notKnown, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }]}
            value={values.has_carer === null ? '' : values.has_carer ? 'yes' : 'no'}
            onChange={(event) => {
              const { value } = event.currentTarget;
              form.setFieldValue('has_carer', value === '' ? null : value === 'yes');
            }}
          />
        </SimpleGrid>
        <Checkbox
          label="Has disabilities"
          {...form.getInputProps('has_disabilities', { type: 'checkbox' })}
        />
        <Checkbox
          label="Consents to provide details to the Data Exchange"
          {...form.getInputProps('consent_to_provide_details', { type: 'checkbox' })}
        />
        <Checkbox
          label="Consents to be contacted for future research"
          {...form.getInputProps('consented_for_future_contacts', { type: 'checkbox' })}
        />
        {banner.text && <SuccessNotice>{banner.text}</SuccessNotice>}
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            Save Funding
          </Button>
          {isDirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
