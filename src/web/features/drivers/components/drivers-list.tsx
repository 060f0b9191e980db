import { Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { Driver } from '../../../../contracts/drivers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { useSession } from '../../../lib/session-store';
import { useDeleteDriver, useDrivers } from '../../../api/drivers';
import { DriverDialog } from './driver-dialog';
import { VolunteerLinkActions } from './volunteer-link-actions';

/** Does the driver match the search (name, phone or email, any case)? */
function matches(driver: Driver, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [driver.name, driver.phone, driver.email].some((value) => value.toLowerCase().includes(needle));
}

function DeactivateDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const remove = useDeleteDriver();
  return (
    <ConfirmDialog
      title="Deactivate Driver"
      question={`Deactivate ${driver.name}? Their patterns end yesterday and their days from today are left unfilled, so the roster shows the gaps. Their past days stay as they were.`}
      confirmLabel="Deactivate"
      confirmColor="red"
      isPending={remove.isPending}
      runAction={() => remove.mutateAsync(driver.id)}
      onClose={onClose}
    />
  );
}

/** The Drivers tab: search, add, edit in a dialog, send or revoke a personal link, deactivate with confirmation. */
export function DriversList() {
  const drivers = useDrivers();
  const { account } = useSession();
  const roundNames = new Map((account?.rounds ?? []).map((round) => [round.id, round.name]));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Driver | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Driver | null>(null);
  const shown = (drivers.data ?? []).filter((driver) => matches(driver, search));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search drivers"
          placeholder="Name, phone or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Button onClick={() => setEditing('new')}>Add Driver</Button>
      </Group>
      {drivers.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={drivers.error && `The drivers could not be read: ${drivers.error.message}`} />
      {drivers.data?.length === 0 && (
        <Text>No drivers yet. Add the volunteers and staff who drive the rounds.</Text>
      )}
      {drivers.data && drivers.data.length > 0 && shown.length === 0 && (
        <Text>No driver matches the search.</Text>
      )}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped withTableBorder aria-label="Drivers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Mobile</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Rounds they know</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((driver) => (
                <Table.Tr key={driver.id}>
                  <Table.Th scope="row" fw={500}>
                    {driver.name}
                  </Table.Th>
                  <Table.Td>{driver.phone}</Table.Td>
                  <Table.Td>{driver.email}</Table.Td>
                  <Table.Td>{driver.round_ids.map((id) => roundNames.get(id) ?? '').join(', ')}</Table.Td>
                  <Table.Td>{driver.is_active ? 'Active' : <Text fw={700}>Inactive</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => setEditing(driver)}>
                        Edit<VisuallyHidden> {driver.name}</VisuallyHidden>
                      </Button>
                      <VolunteerLinkActions driver={driver} />
                      {driver.is_active && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          color="red"
                          onClick={() => setDeactivating(driver)}
                        >
                          Deactivate<VisuallyHidden> {driver.name}</VisuallyHidden>
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <DriverDialog driver={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deactivating && <DeactivateDialog driver={deactivating} onClose={() => setDeactivating(null)} />}
    </Stack>
  );
}
