import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Client } from '../../../../contracts/clients';
import { AddressLink } from './address-link';
import { StatusTag } from './clients-table';

/** Name, phone and address: maintained in the CRM, so shown read-only (a sync would overwrite changes). */
export function SourceDetails({ client }: { client: Client }) {
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="crm-details-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="crm-details-title">
          Maintained in the CRM
        </Title>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} style={{ gridTemplateColumns: '90px 1fr' }}>
          <Text size="sm" fw={700}>
            Name
          </Text>
          <Text size="sm">
            {client.url ? (
              <Anchor href={client.url} target="_blank" rel="noopener noreferrer">
                {client.name}
              </Anchor>
            ) : (
              client.name
            )}
          </Text>
          <Text size="sm" fw={700}>
            Status
          </Text>
          <div>
            <StatusTag status={client.external_status} />
          </div>
          <Text size="sm" fw={700}>
            Phone
          </Text>
          <Text size="sm">{client.phone || '-'}</Text>
          <Text size="sm" fw={700}>
            Address
          </Text>
          <AddressLink location={client} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
