import { Alert, Button, Group, Modal, Textarea } from '@mantine/core';
import { useState } from 'react';
import { overrideReasonLimit } from '../../../../contracts/allergens';
import { describeClash } from '../../../../domain/allergen-clash';

type AllergenOverrideModalProps = {
  /** e.g. 'Quiche on Monday'. */
  mealName: string;
  clashing: string[];
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asked before a meal that contains one of the client's allergies is ticked: it is only given with a reason,
 * which is kept with the choice, shown on the kitchen reports and recorded in the audit log.
 */
export function AllergenOverrideModal({
  mealName,
  clashing,
  onConfirm,
  onClose,
}: AllergenOverrideModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    if (reason.trim() === '') {
      setError('Please give the reason for the override.');
      return;
    }
    onConfirm(reason.trim());
    onClose();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Allergen clash: ${mealName}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Alert color="red" mb="sm">
        {`${describeClash(clashing)}. Only give this meal if you are sure it is safe for the client.`}
      </Alert>
      <Textarea
        label="Reason for the override"
        description="Kept with the choice, shown on the kitchen reports and recorded in the audit log."
        value={reason}
        maxLength={overrideReasonLimit}
        autosize
        minRows={2}
        data-autofocus
        error={error}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          // The message was about an empty reason: typing one answers it.
          setError(null);
        }}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm}>
          Override and tick
        </Button>
      </Group>
    </Modal>
  );
}
