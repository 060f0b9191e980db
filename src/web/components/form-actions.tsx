import { Button, Group } from '@mantine/core';

type FormActionsProps = {
  /** Closes the dialog without sending anything. */
  onCancel: () => void;
  /** Says what sending the form does ("Save", "Add Client"). */
  submitLabel: string;
  isPending: boolean;
  /** Holds the form back: not valid yet, or already sent. */
  isDisabled?: boolean;
  /** "Cancel" unless given. */
  cancelLabel?: string;
  className?: string;
};

/** The footer of a dialog's form: a button that closes it, and the one that sends the form (Enter sends it too). */
export function FormActions(props: FormActionsProps) {
  return (
    <Group justify="flex-end" className={props.className}>
      <Button variant="default" onClick={props.onCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </Button>
      <Button type="submit" loading={props.isPending} disabled={props.isDisabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
