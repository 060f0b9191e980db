import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useFormCheckedAsTyped } from '../../../lib/use-form-checked-as-typed';
import { useState } from 'react';
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
import { FormActions } from '../../../components/form-actions';

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

type RoundValues = {
  name: string;
  pickupTime: string;
  address: string;
  timezone: string;
  capacityText: string;
  latestReturn: string;
};

function toValues(round: Omit<Round, 'id'>): RoundValues {
  return {
    name: round.name,
    pickupTime: round.pickup_time,
    address: round.address,
    // An old round may hold a zone outside the choices: it must be chosen again.
    timezone: isAustralianTimezone(round.timezone) ? round.timezone : '',
    capacityText: round.capacity === null ? '' : String(round.capacity),
    latestReturn: round.latest_return_time ?? '',
  };
}

/** Each field's refusal, as the server would refuse it (the name and address within its lengths). */
function validateRound(values: RoundValues) {
  const name = values.name.trim();
  const capacity = parseCapacity(values.capacityText);
  return {
    name: name === '' ? 'Round name is required.' : findTextLimitError(name, roundFieldLimits.name),
    pickupTime: isClockTime(values.pickupTime.trim()) ? null : clockTimeMessage,
    address: findTextLimitError(values.address.trim(), roundFieldLimits.address),
    capacityText: 'error' in capacity ? capacity.error : null,
    latestReturn: findLatestReturnError(values.latestReturn.trim(), values.pickupTime.trim()),
  };
}

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
  const initialValues = toValues(start);
  // The errors show from the start (a new round has no name yet), then as each field is typed.
  const form = useFormCheckedAsTyped(initialValues, validateRound);
  // The latest return is checked against the pick up time: a new time checks it again.
  form.watch('pickupTime', () => form.validateField('latestReturn'));
  const [isPending, setIsPending] = useState(false);
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(hasSucceeded, 'saved', onClose);

  const values = form.getValues();
  // A timezone must be chosen; the select says so by its empty choice.
  const isValid = form.isValid() && values.timezone !== '';

  const submit = form.onSubmit(async (valid) => {
    const capacity = parseCapacity(valid.capacityText);
    if (!isValid || !('value' in capacity) || isPending || hasSucceeded) return;
    setErrorText(null);
    setIsPending(true);
    const failure = await onSave({
      ...(round ? { id: round.id } : {}),
      name: valid.name.trim(),
      address: valid.address.trim(),
      pickup_time: valid.pickupTime.trim(),
      timezone: valid.timezone.trim(),
      capacity: capacity.value,
      latest_return_time: valid.latestReturn.trim() === '' ? null : valid.latestReturn.trim(),
    });
    setIsPending(false);
    if (failure === null) setHasSucceeded(true);
    else setErrorText(failure);
  });

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Pick Up Time"
            description="HH:MM, 24-hour"
            placeholder="HH:MM"
            {...form.getInputProps('pickupTime')}
          />
          <TextInput label="Pick Up Address" {...form.getInputProps('address')} />
          <NativeSelect
            label="Timezone"
            data={
              values.timezone === ''
                ? [{ value: '', label: 'Choose a timezone' }, ...timezoneOptions]
                : timezoneOptions
            }
            {...form.getInputProps('timezone')}
          />
          <TextInput
            label="Capacity (portions)"
            description="Portions the vehicle carries; empty for no limit"
            inputMode="numeric"
            {...form.getInputProps('capacityText')}
          />
          <TextInput
            label="Latest Return"
            description="HH:MM, 24-hour, back at the pick up address; empty for none"
            placeholder="HH:MM"
            {...form.getInputProps('latestReturn')}
          />
          {hasSucceeded && <SuccessNotice>{round ? roundUpdatedText : roundAddedText}</SuccessNotice>}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions
            onCancel={onClose}
            submitLabel="Save"
            isPending={isPending}
            isDisabled={!isValid || hasSucceeded}
          />
        </Stack>
      </form>
    </Modal>
  );
}
