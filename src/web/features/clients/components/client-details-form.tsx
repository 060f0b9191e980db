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
import { useEffect, useState } from 'react';
import type { Round } from '../../../../contracts/accounts';
import type { Client, ClientDetailsBody, SavedClient } from '../../../../contracts/clients';
import type { Label } from '../../../../contracts/meals';
import { findDeliveryWindowErrors } from '../../../../domain/day-plan-limits';
import { labelColour, readableTextColour } from '../../../../domain/labels';
import { listPlanDays, setPlanDay } from '../../../../domain/plan-days';
import { getPhoneRegion } from '../../../../domain/phone-numbers';
import { getAccountTimeZone } from '../../../../domain/today';
import { AllergenPicker } from '../../../components/allergen-picker';
import { ClashesCreatedNotice } from '../../../components/clashes-created-notice';
import { ApiError, describeApiError } from '../../../lib/api-client';
import { useUpdateClient } from '../../../api/clients';
import { useTimedNotice } from '../../../components/use-timed-notice';
import {
  ClientIdentityFields,
  hasIdentityErrors,
  toIdentityText,
  type ClientIdentityText,
} from './client-identity-fields';

export const clientSavedText = 'Client updated successfully.';

function buildDetails(client: Client): ClientDetailsBody {
  return {
    round: client.round,
    labels: client.labels,
    dietary_requirements: client.dietary_requirements,
    allergies: client.allergies,
    plan: client.plan,
    // Always seven 0/1 flags, whatever the stored list holds.
    plan_dow: listPlanDays(client.plan_dow).map((day) => (day.isEnabled ? 1 : 0)),
    delivery_instructions: client.delivery_instructions,
  };
}

/** The delivery window as the two time fields show it ('' = no window). */
type WindowText = { earliest: string; latest: string };

function buildWindowText(client: Client): WindowText {
  return { earliest: client.delivery_window?.earliest ?? '', latest: client.delivery_window?.latest ?? '' };
}

function toDeliveryWindow(text: WindowText): ClientDetailsBody['delivery_window'] {
  const earliest = text.earliest.trim();
  const latest = text.latest.trim();
  return earliest === '' && latest === '' ? null : { earliest, latest };
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
  const [details, setDetails] = useState(() => buildDetails(client));
  const [windowText, setWindowText] = useState(() => buildWindowText(client));
  const [identity, setIdentity] = useState<ClientIdentityText>(() =>
    toIdentityText(client, getPhoneRegion(getAccountTimeZone(rounds))),
  );
  const body: ClientDetailsBody = {
    ...details,
    delivery_window: toDeliveryWindow(windowText),
    ...(isLocal ? identity : {}),
  };
  const [saved, setSaved] = useState(() => JSON.stringify(body));
  const [errorText, setErrorText] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSaveTried, setIsSaveTried] = useState(false);
  /** The save went through with a caveat (the address could not be checked on the map now). */
  const [warningText, setWarningText] = useState<string | null>(null);
  const [clashesCreated, setClashesCreated] = useState<number | undefined>(undefined);
  const banner = useTimedNotice();
  const updateClient = useUpdateClient(client.client_id);
  const isDirty = JSON.stringify(body) !== saved;
  const windowErrors = findDeliveryWindowErrors(windowText.earliest.trim(), windowText.latest.trim());
  const isWindowValid = windowErrors.earliest === null && windowErrors.latest === null;
  // The identity fields' errors show once a save is tried (an emptied name), so they do not disable the buttons.
  const isValid = isWindowValid && !(isLocal && hasIdentityErrors(identity));
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const roundOptions = [
    { value: '', label: 'No Round' },
    ...rounds.map((round) => ({ value: round.name, label: round.name })),
  ];
  // A round renamed or removed since it was set stays visible until changed.
  if (details.round && !rounds.some((round) => round.name === details.round)) {
    roundOptions.push({ value: details.round, label: details.round });
  }
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));
  const addable = labels.filter((label) => !details.labels.includes(label.name));

  function change(patch: Partial<ClientDetailsBody>) {
    setDetails((current) => ({ ...current, ...patch }));
  }

  async function save(isClosing: boolean) {
    setErrorText(null);
    setWarningText(null);
    setIsSaveTried(true);
    if (!isValid) return;
    try {
      const { data, message }: { data: SavedClient; message: string } = await updateClient.mutateAsync(body);
      setClashesCreated(data.allergen_clashes_created);
      setFieldErrors({});
      setSaved(JSON.stringify(body));
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
      setFieldErrors(error instanceof ApiError ? error.fieldErrors : {});
    }
  }

  return (
    <Stack gap="sm">
      {isLocal && (
        <ClientIdentityFields
          value={identity}
          onChange={setIdentity}
          serverErrors={fieldErrors}
          isSaveTried={isSaveTried}
        />
      )}
      <NativeSelect
        label="Round"
        data={roundOptions}
        value={details.round}
        onChange={(event) => change({ round: event.currentTarget.value })}
      />
      <div>
        <NativeSelect
          label="Dietary Labels"
          data={[
            { value: '', label: addable.length > 0 ? 'Add a label...' : 'No more labels to add' },
            ...addable.map((label) => ({ value: label.name, label: label.name })),
          ]}
          value=""
          disabled={addable.length === 0}
          onChange={(event) => change({ labels: addLabel(details.labels, event.currentTarget.value) })}
        />
        {details.labels.length === 0 && (
          <Text size="sm" c="dimmed" mt={6}>
            No dietary labels.
          </Text>
        )}
        <Group gap={6} mt={6} aria-label="Labels of this client" role="list">
          {details.labels.map((name) => {
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
                    onClick={() => change({ labels: details.labels.filter((label) => label !== name) })}
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
        value={details.allergies ?? []}
        onChange={(allergies) => change({ allergies })}
      />
      <Textarea
        label="Dietary Notes"
        value={details.dietary_requirements}
        maxLength={2000}
        autosize
        minRows={2}
        onChange={(event) => change({ dietary_requirements: event.currentTarget.value })}
      />
      <Textarea
        label="Delivery Instructions"
        value={details.delivery_instructions}
        maxLength={2000}
        autosize
        minRows={2}
        onChange={(event) => change({ delivery_instructions: event.currentTarget.value })}
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
            value={windowText.earliest}
            error={windowErrors.earliest}
            onChange={(event) => {
              const earliest = event.currentTarget.value;
              setWindowText((current) => ({ ...current, earliest }));
            }}
          />
          <TextInput
            label="Latest Arrival"
            placeholder="HH:MM"
            value={windowText.latest}
            error={windowErrors.latest}
            onChange={(event) => {
              const latest = event.currentTarget.value;
              setWindowText((current) => ({ ...current, latest }));
            }}
          />
        </Group>
      </fieldset>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, padding: 0 }}>Plan</legend>
        <Group gap="md" mt={4}>
          {listPlanDays(details.plan_dow).map((day, index) => (
            <Checkbox
              key={day.name}
              label={day.name.slice(0, 3)}
              aria-label={day.name}
              checked={day.isEnabled}
              onChange={(event) =>
                change({ plan_dow: setPlanDay(details.plan_dow, index, event.currentTarget.checked) })
              }
            />
          ))}
        </Group>
        <TextInput
          mt="xs"
          aria-label="Plan name"
          placeholder="Plan, e.g. Weekdays"
          value={details.plan}
          maxLength={200}
          onChange={(event) => change({ plan: event.currentTarget.value })}
        />
      </fieldset>
      {banner.text && (
        <Alert color="green" role="status">
          {banner.text}
        </Alert>
      )}
      {warningText && (
        <Alert color="yellow" role="status">
          {warningText}
        </Alert>
      )}
      <ClashesCreatedNotice count={clashesCreated} />
      {errorText && (
        <Alert color="red" withCloseButton closeButtonLabel="Dismiss" onClose={() => setErrorText(null)}>
          {errorText}
        </Alert>
      )}
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
