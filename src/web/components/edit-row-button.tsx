import { Button } from '@mantine/core';

/** A table row's 'Edit' button, named for its row ('Edit Inner West') so each one is told apart. */
export function EditRowButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <Button size="xs" variant="default" aria-label={`Edit ${name}`} onClick={onEdit}>
      Edit
    </Button>
  );
}
