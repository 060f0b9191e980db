import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AllergenClash, AllergenOverrideFlag } from '../../../../contracts/allergens';
import { joinAllergenNames } from '../../../../domain/allergen-clash';
import { useAllergenClashes } from '../../../api/allergens';

type Row = AllergenClash & { reason?: string };

function FlagTable({ rows, label, hasReason }: { rows: Row[]; label: string; hasReason: boolean }) {
  return (
    <Table withTableBorder aria-label={label} bg="red.0">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Client</Table.Th>
          <Table.Th scope="col">Meal</Table.Th>
          <Table.Th scope="col">Contains</Table.Th>
          {hasReason && <Table.Th scope="col">Reason</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${String(row.client_id)} ${row.date} ${row.meal_key}`}>
            <Table.Td>{row.date}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/client/${String(row.client_id)}/`} size="sm">
                {row.client}
              </Anchor>
            </Table.Td>
            <Table.Td>{row.meal}</Table.Td>
            <Table.Td c="red.9" fw={700}>
              {joinAllergenNames(row.allergens)}
            </Table.Td>
            {hasReason && <Table.Td>{row.reason}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The overridden allergen clashes among a kitchen report's orders: who gets a meal containing an allergy, and why. */
export function AllergenOverrideFlags({
  flags,
  label,
}: {
  flags: AllergenOverrideFlag[] | undefined;
  label: string;
}) {
  if (!flags || flags.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={3} size="h4" c="red.9">
        Allergen overrides
      </Title>
      <FlagTable rows={flags} label={label} hasReason />
    </Stack>
  );
}

/**
 * A day's counted orders of a meal containing one of the client's allergies, not overridden: to change or override
 * before the meal goes out.
 */
export function DayAllergenClashes({
  clashes,
  label,
}: {
  clashes: AllergenClash[] | undefined;
  label: string;
}) {
  if (!clashes || clashes.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={3} size="h4" c="red.9">
        Allergy clashes to resolve
      </Title>
      <Text size="sm">Change the meal or override it with a reason on the client&apos;s screen.</Text>
      <FlagTable rows={clashes} label={label} hasReason={false} />
    </Stack>
  );
}

/** Choices from today on that clash with the client's allergies and were not overridden: the kitchen acts on these. */
export function OpenAllergenClashes() {
  const clashes = useAllergenClashes();
  if (clashes.error) return <Alert color="red">{clashes.error.message}</Alert>;
  if (!clashes.data) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Allergen clashes">
      <Title order={3} size="h4">
        Allergen clashes to act on
      </Title>
      {clashes.data.length === 0 ? (
        <Text size="sm">No chosen meal from today on clashes with its client&apos;s allergies.</Text>
      ) : (
        <FlagTable rows={clashes.data} label="Allergen clashes to act on" hasReason={false} />
      )}
    </Stack>
  );
}
