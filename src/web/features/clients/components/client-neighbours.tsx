import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { ClientPrevNext } from '../../../../contracts/clients';

/** Previous and next clients of the list with the saved filters, by name. */
export function ClientNeighbours({ neighbours }: { neighbours: ClientPrevNext | undefined }) {
  const previous = neighbours?.prev_client ?? null;
  const next = neighbours?.next_client ?? null;
  return (
    <Group gap="sm">
      {previous && (
        <Button
          component={Link}
          to={`/client/${String(previous.client_id)}/`}
          variant="default"
          size="xs"
          aria-label={`Previous client: ${previous.name}`}
        >
          {`‹ ${previous.name}`}
        </Button>
      )}
      {next && (
        <Button
          component={Link}
          to={`/client/${String(next.client_id)}/`}
          variant="default"
          size="xs"
          aria-label={`Next client: ${next.name}`}
        >
          {`${next.name} ›`}
        </Button>
      )}
    </Group>
  );
}
