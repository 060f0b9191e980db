import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useState, type FormEvent } from 'react';
import { roundFieldLimits, type Round, type RoundInput } from '../../../../contracts/accounts';
import {
  clockTimeMessage,
  findLatestReturnError,
  isClockTime,
  parseCapacity,
} from '../../../../domain/day-plan-limits';
import { australianTimezones, defaultTimezone, isAustralianTimezone } from '../../../../domain/timezones';
import { findTextLimitError } from '../../../lib/text-limit';
import { ErrorNotice } from '../../../components/error-notice';
import { useCloseAfterSuccess } from '../../../components/use-close-after-success';

/** Add/edit dialogs close 1 s after success (docs/product-rules.md, Timed notices and dialogs). */
export const roundUpdatedText = 'Round Updated.';
export const roundAddedText = 'Round Added.';
const timezoneOptions = australianTimezones.map((zone) => ({ value: zone, label: zone }));

/** What the Add Round dialog starts from: nothing is saved until Save. */
const blankRound: Omit<Round, 'id'> = {
  name: '',
  address: '',
  pickup_time: '09:00',
  timezone: defaultTimezone,
  capacity: null,
  latest_return_time: null,
};

type RoundEditModalProps = {
  /** Null adds a new round. */
  round: Round | null;
  /** Saves the round (trimmed) with the rest of the account's rounds; answers null or the server's message. */
  onSave: (round: RoundInput) => Promise<string | null>;
  onClose: () => void;
};

/**
 * Adds or edits one delivery round: name, pick up time, pick up address and timezone, each trimmed and within the
 * server's lengths, and the day planner's limits: the vehicle's capacity in portions and the
 * latest return to base (both optional).
 */
export function RoundEditModal({ round, onSave, onClose }: RoundEditModalProps) {
  const start = round ?? blankRound;
  const title = round ? 'Edit Round' : 'Add Round';
  const [name, setName] = useState(start.name);
  const [pickupTime, setPickupTime] = useState(start.pickup_time);
  const [address, setAddress] = useState(start.address);
  // An old round may hold a zone outside the choices: it must be chosen again.
  const [timezone, setTimezone] = useState(isAustralianTimezone(start.timezone) ? start.timezone : '');
  const [capacityText, setCapacityText] = useState(start.capacity === null ? '' : String(start.capacity));
  const [latestReturn, setLatestReturn] = useState(start.latest_return_time ?? '');
  const [isPending, setIsPending] = useState(false);
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(hasSucceeded, 'saved', onClose);

  const nameError =
    name.trim() === '' ? 'Round name is required.' : findTextLimitError(name.trim(), roundFieldLimits.name);
  const addressError = findTextLimitError(address.trim(), roundFieldLimits.address);
  const isTimeValid = isClockTime(pickupTime.trim());
  const capacity = parseCapacity(capacityText);
  const latestReturnError = findLatestReturnError(latestReturn.trim(), pickupTime.trim());
  const isValid =
    nameError === null &&
    addressError === null &&
    isTimeValid &&
    timezone !== '' &&
    'value' in capacity &&
    latestReturnError === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValid || !('value' in capacity) || isPending || hasSucceeded) return;
    setErrorText(null);
    setIsPending(true);
    const failure = await onSave({
      ...(round ? { id: round.id } : {}),
      name: name.trim(),
      address: address.trim(),
      pickup_time: pickupTime.trim(),
      timezone: timezone.trim(),
      capacity: capacity.value,
      latest_return_time: latestReturn.trim() === '' ? null : latestReturn.trim(),
    });
    setIsPending(false);
    if (failure === null) setHasSucceeded(true);
    else setErrorText(failure);
  }

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Pick Up Time"
            description="HH:MM, 24-hour"
            placeholder="HH:MM"
            value={pickupTime}
            error={isTimeValid ? null : clockTimeMessage}
            onChange={(event) => setPickupTime(event.currentTarget.value)}
          />
          <TextInput
            label="Pick Up Address"
            value={address}
            error={addressError}
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
          <TextInput
            label="Capacity (portions)"
            description="Portions the vehicle carries; empty for no limit"
            inputMode="numeric"
            value={capacityText}
            error={'error' in capacity ? capacity.error : null}
            onChange={(event) => setCapacityText(event.currentTarget.value)}
          />
          <TextInput
            label="Latest Return"
            description="HH:MM, 24-hour, back at the pick up address; empty for none"
            placeholder="HH:MM"
            value={latestReturn}
            error={latestReturnError}
            onChange={(event) => setLatestReturn(event.currentTarget.value)}
          />
          {hasSucceeded && <SuccessNotice>{round ? roundUpdatedText : roundAddedText}</SuccessNotice>}
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
