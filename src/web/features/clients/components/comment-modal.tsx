import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useState } from 'react';

type CommentModalProps = {
  title: string;
  initial: string;
  onSave: (comment: string) => void;
  onClose: () => void;
};

/** Edits one meal choice's comment; the change is kept with the week's choices until they are saved. */
export function CommentModal({ title, initial, onSave, onClose }: CommentModalProps) {
  const [text, setText] = useState(initial);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Textarea
        label="Comment"
        placeholder="Type your comment here..."
        value={text}
        maxLength={1000}
        autosize
        minRows={3}
        data-autofocus
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            onSave(text);
            onClose();
          }}
        >
          Done
        </Button>
      </Group>
    </Modal>
  );
}
