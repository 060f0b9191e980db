import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ClientListItem } from '../../../../contracts/clients';
import type { Label } from '../../../../contracts/meals';
import { describeClientStatus } from '../../../../domain/client-identity';
import { LabelTag } from '../../../components/label-tag';
import { AddressLink } from './address-link';
import { MealStrip } from './meal-strip';
import { PlanLetters } from './plan-letters';

const columnCount = 9;
/** Mantine's green 9 gives white text 4.4:1; this green keeps it above the 4.5:1 of WCAG AA. */
const activeGreen = '#2f7d3a';

/**
 * The client's status as a tag: active green, on hold red, anything else grey. Never cut short in a narrow column.
 * With a CRM its tooltip says the status is the CRM's, as the holds kept here are a different thing (the Holds
 * filter's 'Paused (hold)'); an account without one keeps the status here, and the tooltip names no CRM.
 */
export function StatusTag({ status, isLocal = false }: { status: string; isLocal?: boolean }) {
  const [colour, text] =
    status === 'active'
      ? [activeGreen, 'Active']
      : status === 'on_hold'
        ? ['red.9', 'On Hold']
        : ['gray.7', status ? describeClientStatus(status) : 'Unknown'];
  return (
    <Badge
      color={colour}
      tt="none"
      style={{ minWidth: 'max-content' }}
      title={`${isLocal ? 'Status' : 'Status in the CRM'}: ${text}`}
    >
      {text}
    </Badge>
  );
}

type ClientsTableProps = {
  clients: ClientListItem[];
  labels: Label[];
  isLoading: boolean;
  /** Another page or search is loading: the rows shown are the previous ones. */
  isUpdating: boolean;
  /** The account keeps its clients here (no CRM). */
  isLocal: boolean;
};

export function ClientsTable({ clients, labels, isLoading, isUpdating, isLocal }: ClientsTableProps) {
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));
  return (
    <Table
      striped
      withTableBorder
      verticalSpacing="xs"
      aria-label="Clients"
      aria-busy={isUpdating}
      style={{ opacity: isUpdating ? 0.6 : 1 }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Client</Table.Th>
          <Table.Th miw={90}>Status</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Round</Table.Th>
          <Table.Th>Dietary Requirements</Table.Th>
          <Table.Th>Meal Choices</Table.Th>
          <Table.Th>Plan</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {isLoading && (
          <Table.Tr>
            <Table.Td colSpan={columnCount}>Loading...</Table.Td>
          </Table.Tr>
        )}
        {!isLoading && clients.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columnCount}>No clients found</Table.Td>
          </Table.Tr>
        )}
        {clients.map((client) => (
          <Table.Tr key={client.client_id}>
            <Table.Td>
              <Text size="sm" fw={700}>
                {client.name}
                {client.url && (
                  <>
                    {' '}
                    <Anchor
                      href={client.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open ${client.name} in the CRM`}
                      title="Open in the CRM"
                    >
                      ↗
                    </Anchor>
                  </>
                )}
              </Text>
              {client.external_id && (
                <Text size="xs" c="dimmed">
                  {`ID ${client.external_id}`}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <StatusTag status={client.external_status} isLocal={isLocal} />
            </Table.Td>
            <Table.Td>
              <AddressLink location={client} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {client.phone}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{client.round}</Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                {client.labels.length > 0 && (
                  <Group gap={4}>
                    {client.labels.map((name) => (
                      <LabelTag
                        key={name}
                        name={name}
                        colour={colourByName.get(name)}
                        context="clients"
                        size="sm"
                      />
                    ))}
                  </Group>
                )}
                {client.dietary_requirements && <Text size="sm">{client.dietary_requirements}</Text>}
              </Stack>
            </Table.Td>
            <Table.Td>
              <MealStrip days={client.meal_strip} planDow={client.plan_dow} />
            </Table.Td>
            <Table.Td>
              <PlanLetters plan={client.plan} planDow={client.plan_dow} />
            </Table.Td>
            <Table.Td>
              {client.external_id && (
                <Button
                  component={Link}
                  to={`/client/${String(client.client_id)}/`}
                  size="xs"
                  variant="default"
                  aria-label={`Edit ${client.name}`}
                >
                  Edit
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
