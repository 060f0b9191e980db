import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  checkOutcomeKinds,
  welfareSettingsSchema,
  type WelfareSettings,
} from '../../../../contracts/welfare';
import { driverOutcomeLabels } from '../../../../domain/driver-outcomes';
import { useSaveWelfareSettings, useWelfareSettings } from '../../../api/welfare';
import { ErrorNotice } from '../../../components/error-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { SavedBanner } from './saved-banner';
import { SettingsSection } from './settings-section';
import { DutyManagersEditor, WelfareStepsEditor, type WelfareForm } from './welfare-editors';

export const unsavedWelfareText = 'The welfare check settings are not saved. Leave without saving?';

function toForm(settings: WelfareSettings): WelfareForm {
  return {
    steps: settings.steps.map((step) => ({ minutes: String(step.after_minutes), action: step.action })),
    check_outcomes: settings.check_outcomes,
    managers: settings.managers,
  };
}

function toBody(form: WelfareForm) {
  return {
    steps: form.steps.map((step) => ({
      after_minutes: step.minutes.trim() === '' ? Number.NaN : Number(step.minutes),
      action: step.action,
    })),
    check_outcomes: form.check_outcomes,
    managers: form.managers,
  };
}

/** Settings > Welfare checks: the steps of the no-response procedure, the outcomes that start it, the managers. */
export function WelfareTab() {
  const settings = useWelfareSettings();
  // The tab's own heading, as the other tabs have: its sections are level 3 under it.
  return (
    <Stack gap="xl">
      <Title order={2}>Welfare checks</Title>
      {settings.isPending && <Text>Loading...</Text>}
      {settings.isError && (
        <ErrorNotice text={describeApiError(settings.error)} onDismiss={() => undefined} />
      )}
      {settings.data && <WelfareSettingsForm saved={settings.data} />}
    </Stack>
  );
}

/** The schema's refusals by field path (`steps.0.after_minutes`), the first one for each field. */
function validateWelfare(values: WelfareForm): Record<string, string> {
  const parsed = welfareSettingsSchema.safeParse(toBody(values));
  const found: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

function WelfareSettingsForm({ saved }: { saved: WelfareSettings }) {
  const save = useSaveWelfareSettings();
  // Checked on Save, as the server checks it; a refusal stays beside its field until the next Save.
  const form = useForm<WelfareForm>({ initialValues: toForm(saved), validate: validateWelfare });
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isSavedShown, setIsSavedShown] = useState(false);
  const isDirty = form.isDirty();
  useLeaveGuard(isDirty, unsavedWelfareText);
  const values = form.getValues();
  const errors = form.errors;
  const update = (change: (current: WelfareForm) => WelfareForm) => form.setValues(change(form.getValues()));

  const submit = form.onSubmit(
    (valid) => {
      setErrorText(null);
      setIsSavedShown(false);
      save.mutate(welfareSettingsSchema.parse(toBody(valid)), {
        onSuccess: ({ data }) => {
          const next = toForm(data);
          form.setValues(next);
          form.resetDirty(next);
          setIsSavedShown(true);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
            form.setErrors(error.fieldErrors);
          setErrorText(describeApiError(error));
        },
      });
    },
    () => {
      setErrorText(null);
      setIsSavedShown(false);
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Welfare checks">
      <Stack gap="xl" maw={760}>
        <SettingsSection title="Steps">
          <Text size="sm">
            When a driver cannot reach a client, the check&apos;s clock starts. Each step falls due its
            minutes after that. Calling the client is for the office; the other steps send their messages by
            themselves. Only a person resolves a check.
          </Text>
          <WelfareStepsEditor form={values} errors={errors} onChange={update} />
          {errors.steps && (
            <Text c="red.9" size="sm" role="alert">
              {errors.steps}
            </Text>
          )}
        </SettingsSection>
        <SettingsSection title="Outcomes that start the clock">
          <Checkbox.Group
            label="Driver outcomes"
            description="The others still open an alert on the board, without steps."
            value={values.check_outcomes}
            onChange={(chosen) =>
              form.setFieldValue(
                'check_outcomes',
                checkOutcomeKinds.filter((kind) => chosen.includes(kind)),
              )
            }
          >
            <Group mt="xs">
              {checkOutcomeKinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={driverOutcomeLabels[kind]} />
              ))}
            </Group>
          </Checkbox.Group>
        </SettingsSection>
        <SettingsSection title="Managers on duty">
          <Text size="sm">
            Notified by mail and SMS at the &quot;Notify the managers on duty&quot; step. With none, the
            account&apos;s admins get the mail.
          </Text>
          <DutyManagersEditor form={values} errors={errors} onChange={update} />
        </SettingsSection>
        <SavedBanner isShown={isSavedShown} />
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          {isDirty && <Text size="sm">Unsaved changes</Text>}
        </Group>
      </Stack>
    </form>
  );
}
