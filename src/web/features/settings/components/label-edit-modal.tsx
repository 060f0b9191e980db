import { ColorInput, Modal, Stack, TextInput } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { labelColourSchema, nameLimits, type Label } from '../../../../contracts/meals';
import { describeApiError } from '../../../lib/api-client';
import { useUpdateLabel } from '../../../api/meal-labels';
import { findTextLimitError } from '../../../lib/text-limit';
import { ErrorNotice } from '../../../components/error-notice';
import { useCloseAfterSuccess } from '../../../components/use-close-after-success';
import { FormActions } from '../../../components/form-actions';

export const labelUpdatedText = 'Label Updated.';

/** Edits a label's name and colour; closes a moment after a successful save. */
export function LabelEditModal({ label, onClose }: { label: Label; onClose: () => void }) {
  const updateLabel = useUpdateLabel();
  const form = useForm({
    initialValues: { name: label.name, colour: label.colour },
    // Each field says what is wrong as it is typed.
    validateInputOnChange: true,
    validate: {
      name: (name) =>
        name.trim() === '' ? 'Please enter a label name.' : findTextLimitError(name.trim(), nameLimits.label),
      colour: (colour) =>
        labelColourSchema.safeParse(colour.trim()).success ? null : 'Use a colour like #a1b2c3.',
    },
  });
  const [successText, setSuccessText] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  useCloseAfterSuccess(successText !== null, 'saved', onClose);

  const isValid = form.isValid();
  const isPending = updateLabel.isPending;

  const save = form.onSubmit(async ({ name, colour }) => {
    if (isPending || successText !== null) return;
    setErrorText(null);
    try {
      const { message } = await updateLabel.mutateAsync({
        key: label.key,
        name: name.trim(),
        colour: colour.trim().toLowerCase(),
      });
      setSuccessText(message || labelUpdatedText);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Edit Label">
      <form onSubmit={save} noValidate aria-label="Edit Label">
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <ColorInput label="Colour" format="hex" {...form.getInputProps('colour')} />
          {successText !== null && <SuccessNotice>{successText}</SuccessNotice>}
          <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
          <FormActions
            onCancel={onClose}
            submitLabel="Save"
            isPending={isPending}
            isDisabled={!isValid || successText !== null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
