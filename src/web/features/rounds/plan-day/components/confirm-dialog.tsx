import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  isDestructive?: boolean;
  isPending: boolean;
  errorText: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a change that writes the day (apply, undo); shows the refusal in place when it fails. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Stack gap="md">
        <Text>{props.text}</Text>
        {props.errorText && (
          <Alert color="red" role="alert">
            {props.errorText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.isPending}>
            Cancel
          </Button>
          <Button
            color={props.isDestructive ? 'red' : 'blue'}
            loading={props.isPending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
