import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { Round } from '../../../../contracts/accounts';
import type { Client, ClientDetailsBody, SavedClient } from '../../../../contracts/clients';
import type { Label } from '../../../../contracts/meals';
import { findClientIdentityErrors } from '../../../../domain/client-identity';
import { findDeliveryWindowErrors } from '../../../../domain/day-plan-limits';
import { labelColour, readableTextColour } from '../../../../domain/labels';
import { listPlanDays, setPlanDay } from '../../../../domain/plan-days';
import { getPhoneRegion } from '../../../../domain/phone-numbers';
import { getAccountTimeZone } from '../../../../domain/today';
import { AllergenPicker } from '../../../components/allergen-picker';
import { ClashesCreatedNotice } from '../../../components/clashes-created-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import { describeApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/field-errors';
import { useUpdateClient } from '../../../api/clients';
import { useTimedNotice } from '../../../components/use-timed-notice';
import { ClientIdentityFields, toIdentityText, type ClientIdentityText } from './client-identity-fields';

export const clientSavedText = 'Client updated successfully.';

/** The delivery window as the two time fields show it ('' = no window). */
type WindowText = { earliest: string; latest: string };

/** What the form edits: the product's details, the delivery window as typed, and the identity (used without a CRM). */
type DetailsValues = Required<
  Pick<
    ClientDetailsBody,
    'round' | 'labels' | 'dietary_requirements' | 'allergies' | 'plan' | 'plan_dow' | 'delivery_instructions'
  >
> & { delivery_window: WindowText } & ClientIdentityText;

function toValues(client: Client, identity: ClientIdentityText): DetailsValues {
  return {
    round: client.round,
    labels: client.labels,
    dietary_requirements: client.dietary_requirements,
    allergies: client.allergies,
    plan: client.plan,
    // Always seven 0/1 flags, whatever the stored list holds.
    plan_dow: listPlanDays(client.plan_dow).map((day) => (day.isEnabled ? 1 : 0)),
    delivery_instructions: client.delivery_instructions,
    delivery_window: {
      earliest: client.delivery_window?.earliest ?? '',
      latest: client.delivery_window?.latest ?? '',
    },
    ...identity,
  };
}

function toDeliveryWindow(text: WindowText): ClientDetailsBody['delivery_window'] {
  const earliest = text.earliest.trim();
  const latest = text.latest.trim();
  return earliest === '' && latest === '' ? null : { earliest, latest };
}

/** The body of the save: the identity only for an account without a CRM (a CRM's client is changed there). */
function toBody(values: DetailsValues, isLocal: boolean): ClientDetailsBody {
  const {
    delivery_window: windowText,
    name,
    phone,
    address,
    city,
    state,
    zip,
    external_status,
    external_id,
    ...details
  } = values;
  const identity = { name, phone, address, city, state, zip, external_status, external_id };
  return { ...details, delivery_window: toDeliveryWindow(windowText), ...(isLocal ? identity : {}) };
}

/** Each field's refusal as the server would refuse it: the window's times, and the identity without a CRM. */
function validateDetails(values: DetailsValues, isLocal: boolean) {
  const window = values.delivery_window;
  const windowErrors = findDeliveryWindowErrors(window.earliest.trim(), window.latest.trim());
  return {
    ...(isLocal ? findClientIdentityErrors(values) : {}),
    'delivery_window.earliest': windowErrors.earliest,
    'delivery_window.latest': windowErrors.latest,
  };
}

/** Adds a label unless the client has it already: adding one already there changes nothing. */
export function addLabel(labels: string[], name: string): string[] {
  return name === '' || labels.includes(name) ? labels : [...labels, name];
}

type ClientDetailsFormProps = {
  client: Client;
  rounds: Round[];
  labels: Label[];
  /** The account keeps its clients in MealRounds (no CRM): the identity fields are edited here too. */
  isLocal: boolean;
  onDirtyChange: (isDirty: boolean) => void;
  onSavedAndClose: () => void;
};

/**
 * What the product maintains for a client: round, dietary labels and notes, delivery instructions and plan; for an
 * account without a CRM also the client's name, status, phone, external id and address.
 */
export function ClientDetailsForm({
  client,
  rounds,
  labels,
  isLocal,
  onDirtyChange,
  onSavedAndClose,
}: ClientDetailsFormProps) {
  const initialValues = toValues(client, toIdentityText(client, getPhoneRegion(getAccountTimeZone(rounds))));
  // Checked as typed (each time against the other), and again on Save.
  const form = useForm<DetailsValues>({
    initialValues,
    initialErrors: validateDetails(initialValues, isLocal),
    validate: (values) => validateDetails(values, isLocal),
    validateInputOnChange: true,
  });
  form.watch('delivery_window.earliest', () => form.validateField('delivery_window.latest'));
  form.watch('delivery_window.latest', () => form.validateField('delivery_window.earliest'));
  const [errorText, setErrorText] = useState<string | null>(null);
  /** The save went through with a caveat (the address could not be checked on the map now). */
  const [warningText, setWarningText] = useState<string | null>(null);
  const [clashesCreated, setClashesCreated] = useState<number | undefined>(undefined);
  const banner = useTimedNotice();
  const updateClient = useUpdateClient(client.client_id);
  const values = form.getValues();
  const isDirty = form.isDirty();
  // The identity's errors do not disable the buttons: a Save shows them (an emptied name).
  const isWindowValid = !form.errors['delivery_window.earliest'] && !form.errors['delivery_window.latest'];
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const roundOptions = [
    { value: '', label: 'No Round' },
    ...rounds.map((round) => ({ value: round.name, label: round.name })),
  ];
  // A round renamed or removed since it was set stays visible until changed.
  if (values.round && !rounds.some((round) => round.name === values.round)) {
    roundOptions.push({ value: values.round, label: values.round });
  }
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));
  const addable = labels.filter((label) => !values.labels.includes(label.name));

  async function save(isClosing: boolean) {
    setErrorText(null);
    setWarningText(null);
    if (form.validate().hasErrors) return;
    const saving = form.getValues();
    try {
      const { data, message }: { data: SavedClient; message: string } = await updateClient.mutateAsync(
        toBody(saving, isLocal),
      );
      setClashesCreated(data.allergen_clashes_created);
      form.resetDirty(saving);
      // A caveat comes as the message (the address could not be checked now); a plain save's says only that.
      const isPlainSave = message === '' || message === clientSavedText;
      // A save that created allergen clashes, or whose address was not checked, stays open: it must be seen.
      if (isClosing && (data.allergen_clashes_created ?? 0) === 0 && isPlainSave) {
        onDirtyChange(false);
        onSavedAndClose();
        return;
      }
      if (isPlainSave) banner.show(clientSavedText);
      else setWarningText(message);
    } catch (error) {
      setErrorText(describeApiError(error));
      form.setErrors(readFieldErrors(error));
    }
  }

  return (
    <Stack gap="sm">
      {isLocal && <ClientIdentityFields inputProps={(field) => form.getInputProps(field)} />}
      <NativeSelect label="Round" data={roundOptions} {...form.getInputProps('round')} />
      <div>
        <NativeSelect
          label="Dietary Labels"
          data={[
            { value: '', label: addable.length > 0 ? 'Add a label...' : 'No more labels to add' },
            ...addable.map((label) => ({ value: label.name, label: label.name })),
          ]}
          value=""
          disabled={addable.length === 0}
          onChange={(event) =>
            form.setFieldValue('labels', addLabel(values.labels, event.currentTarget.value))
          }
        />
        {values.labels.length === 0 && (
          <Text size="sm" c="dimmed" mt={6}>
            No dietary labels.
          </Text>
        )}
        <Group gap={6} mt={6} aria-label="Labels of this client" role="list">
          {values.labels.map((name) => {
            const background = labelColour(colourByName.get(name), 'clients');
            const foreground = readableTextColour(background);
            return (
              <Badge
                key={name}
                role="listitem"
                size="lg"
                tt="none"
                radius="sm"
                style={{ backgroundColor: background, color: foreground }}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove label ${name}`}
                    style={{ color: foreground }}
                    onClick={() =>
                      form.setFieldValue(
                        'labels',
                        values.labels.filter((label) => label !== name),
                      )
                    }
                  />
                }
              >
                {name}
              </Badge>
            );
          })}
        </Group>
      </div>
      <AllergenPicker
        label="Allergies"
        description="Meals containing these are marked on Client Menu Selection and need an override to tick."
        value={values.allergies}
        onChange={(allergies) => form.setFieldValue('allergies', allergies)}
      />
      <Textarea
        label="Dietary Notes"
        maxLength={2000}
        autosize
        minRows={2}
        {...form.getInputProps('dietary_requirements')}
      />
      <Textarea
        label="Delivery Instructions"
        maxLength={2000}
        autosize
        minRows={2}
        {...form.getInputProps('delivery_instructions')}
      />
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, padding: 0 }}>
          Delivery Window
        </legend>
        <Text size="xs" c="dimmed">
          When the meal may arrive (HH:MM, 24-hour); leave both empty for any time.
        </Text>
        <Group gap="md" mt={4} align="flex-start">
          <TextInput
            label="Earliest Arrival"
            placeholder="HH:MM"
            {...form.getInputProps('delivery_window.earliest')}
          />
          <TextInput
            label="Latest Arrival"
            placeholder="HH:MM"
            {...form.getInputProps('delivery_window.latest')}
          />
        </Group>
      </fieldset>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, padding: 0 }}>Plan</legend>
        <Group gap="md" mt={4}>
          {listPlanDays(values.plan_dow).map((day, index) => (
            <Checkbox
              key={day.name}
              label={day.name.slice(0, 3)}
              aria-label={day.name}
              checked={day.isEnabled}
              onChange={(event) =>
                form.setFieldValue(
                  'plan_dow',
                  setPlanDay(values.plan_dow, index, event.currentTarget.checked),
                )
              }
            />
          ))}
        </Group>
        <TextInput
          mt="xs"
          aria-label="Plan name"
          placeholder="Plan, e.g. Weekdays"
          maxLength={200}
          {...form.getInputProps('plan')}
        />
      </fieldset>
      {banner.text && <SuccessNotice>{banner.text}</SuccessNotice>}
      {warningText && (
        <Alert color="yellow" role="status">
          {warningText}
        </Alert>
      )}
      <ClashesCreatedNotice count={clashesCreated} />
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <Group gap="sm">
        <Button onClick={() => void save(false)} loading={updateClient.isPending} disabled={!isWindowValid}>
          Save
        </Button>
        <Button
          variant="default"
          onClick={() => void save(true)}
          disabled={updateClient.isPending || !isWindowValid}
        >
          Save and Close
        </Button>
      </Group>
    </Stack>
  );
}
