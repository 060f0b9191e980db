import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Round, RoundInput } from '../../../../contracts/accounts';
import { australianTimezones, isAustralianTimezone } from '../../../../domain/timezones';
import { ErrorNotice } from './error-notice';
import { useCloseAfterSuccess } from './use-close-after-success';

/** Spec section 4: add/edit dialogs close 1 s after success. */
const closeDelayMs = 1000;
export const roundUpdatedText = 'Round Updated.';
const pickupTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const timezoneOptions = australianTimezones.map((zone) => ({ value: zone, label: zone }));

type RoundEditModalProps = {
  round: Round;
  /** Saves the round (trimmed) with the rest of the account's rounds; answers null or the server's message. */
  onSave: (round: RoundInput) => Promise<string | null>;
  onClose: () => void;
};

/** Edits one delivery round: name, pick up time, pick up address and timezone, each trimmed (spec section 5). */
export function RoundEditModal({ round, onSave, onClose }: RoundEditModalProps) {
  const [name, setName] = useState(round.name);
  const [pickupTime, setPickupTime] = useState(round.pickup_time);
  const [address, setAddress] = useState(round.address);
  // An old round may hold a zone outside the choices: it must be chosen again.
  const [timezone, setTimezone] = useState(isAustralianTimezone(round.timezone) ? round.timezone : '');
  const [isPending, setIsPending] = useState(false);
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(hasSucceeded, closeDelayMs, onClose);

  const isNameValid = name.trim() !== '';
  const isTimeValid = pickupTimePattern.test(pickupTime.trim());
  const isValid = isNameValid && isTimeValid && timezone !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValid || isPending || hasSucceeded) return;
    setErrorText(null);
    setIsPending(true);
    const failure = await onSave({
      id: round.id,
      name: name.trim(),
      address: address.trim(),
      pickup_time: pickupTime.trim(),
      timezone: timezone.trim(),
    });
    setIsPending(false);
    if (failure === null) setHasSucceeded(true);
    else setErrorText(failure);
  }

  return (
    <Modal opened onClose={onClose} title="Edit Round" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit Round">
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            value={name}
            error={isNameValid ? null : 'Round name is required.'}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Pick Up Time"
            description="HH:MM, 24-hour"
            placeholder="HH:MM"
            value={pickupTime}
            error={isTimeValid ? null : 'Use HH:MM.'}
            onChange={(event) => setPickupTime(event.currentTarget.value)}
          />
          <TextInput
            label="Pick Up Address"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
          />
          <NativeSelect
            label="Timezone"
            data={
              timezone === ''
                ? [{ value: '', label: 'Choose a timezone' }, ...timezoneOptions]
                : timezoneOptions
            }
            value={timezone}
            onChange={(event) => setTimezone(event.currentTarget.value)}
          />
          {hasSucceeded && (
            <Alert color="teal" role="status">
              {roundUpdatedText}
            </Alert>
          )}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending} disabled={!isValid || hasSucceeded}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
