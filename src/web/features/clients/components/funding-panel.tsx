import {
  Alert,
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
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useTimedNotice } from '../../../components/use-timed-notice';
import {
  findFundingFormErrors,
  fundingCodeInputs,
  toFundingBody,
  toFundingForm,
  type FundingForm,
} from '../funding-form';

export const fundingSavedText = 'Funding details saved.';

const notKnown = { value: '', label: 'Not known' };

/** The envelope's error for a field, whether the contract (`body.x`) or the service (`x`) named it. */
function errorOf(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? errors[`body.${field}`];
}

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
        <Alert color="red">{describeApiError(profile.error ?? codes.error)}</Alert>
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
  const [form, setForm] = useState(() => toFundingForm(profile));
  const [saved, setSaved] = useState(() => JSON.stringify(toFundingForm(profile)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [errorText, setErrorText] = useState<string | null>(null);
  const banner = useTimedNotice();
  const save = useSaveFundingProfile(profile.client_id);
  const isDirty = JSON.stringify(form) !== saved;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  function change(patch: Partial<FundingForm>) {
    setForm((current) => ({ ...current, ...patch }));
  }

  async function submit() {
    setErrorText(null);
    const found = findFundingFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(toFundingBody(form));
      setSaved(JSON.stringify(form));
      banner.show(fundingSavedText);
    } catch (error) {
      setErrorText(describeApiError(error));
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
    }
  }

  const slk = save.data?.slk ?? profile.slk;
  return (
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
          value={form.programme ?? ''}
          onChange={(event) =>
            change({ programme: (event.currentTarget.value || null) as FundingProgramme | null })
          }
        />
        <TextInput
          label="Fee per Meal ($)"
          value={form.fee}
          error={errorOf(errors, 'fee_per_meal_cents')}
          onChange={(event) => change({ fee: event.currentTarget.value })}
        />
        <TextInput
          label="Birth Date"
          placeholder="DD-MM-YYYY"
          value={form.birthDate}
          error={errorOf(errors, 'birth_date')}
          onChange={(event) => change({ birthDate: event.currentTarget.value })}
        />
        <Checkbox
          mt={30}
          label="Birth date is an estimate"
          checked={form.is_birth_date_estimate}
          onChange={(event) => change({ is_birth_date_estimate: event.currentTarget.checked })}
        />
        {fundingCodeInputs.map(({ field, label }) => {
          const list = codes[fundingCodeFields[field]];
          const value = form[field] ?? '';
          const options = list.map((entry) => ({ value: entry.code, label: entry.description }));
          // A code no longer in the list stays visible until changed.
          if (value && !list.some((entry) => entry.code === value)) options.push({ value, label: value });
          return (
            <NativeSelect
              key={field}
              label={label}
              data={[notKnown, ...options]}
              value={value}
              error={errorOf(errors, field)}
              onChange={(event) => change({ [field]: event.currentTarget.value || null })}
            />
          );
        })}
        <NativeSelect
          label="Has a Carer"
          data={[notKnown, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }]}
          value={form.has_carer === null ? '' : form.has_carer ? 'yes' : 'no'}
          onChange={(event) => {
            const { value } = event.currentTarget;
            change({ has_carer: value === '' ? null : value === 'yes' });
          }}
        />
      </SimpleGrid>
      <Checkbox
        label="Has disabilities"
        checked={form.has_disabilities}
        onChange={(event) => change({ has_disabilities: event.currentTarget.checked })}
      />
      <Checkbox
        label="Consents to provide details to the Data Exchange"
        checked={form.consent_to_provide_details}
        onChange={(event) => change({ consent_to_provide_details: event.currentTarget.checked })}
      />
      <Checkbox
        label="Consents to be contacted for future research"
        checked={form.consented_for_future_contacts}
        onChange={(event) => change({ consented_for_future_contacts: event.currentTarget.checked })}
      />
      {banner.text && (
        <Alert color="green" role="status">
          {banner.text}
        </Alert>
      )}
      {errorText && (
        <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => setErrorText(null)}>
          {errorText}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!isDirty}>
          Save Funding
        </Button>
        {isDirty && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
      </Group>
    </Stack>
  );
}
