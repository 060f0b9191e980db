import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { Driver } from '../../../../contracts/drivers';
import { useSession } from '../../../lib/session-store';
import { useDeletePattern, useRosterPatterns } from '../../../api/roster';
import { describePattern } from '../pattern-text';
import { PatternForm } from './pattern-form';

/** The driver's recurring patterns, and a form for another. Removing one never changes days already past. */
export function DriverPatterns({ driver }: { driver: Driver }) {
  const { account } = useSession();
  const patterns = useRosterPatterns();
  const remove = useDeletePattern();
  const roundNames = new Map((account?.rounds ?? []).map((round) => [round.id, round.name]));
  const own = (patterns.data ?? []).filter((pattern) => pattern.driver_id === driver.id);
  return (
    <Stack gap="xs">
      {patterns.isPending && <Text size="sm">Loading...</Text>}
      {patterns.data && own.length === 0 && <Text size="sm">No patterns.</Text>}
      {own.length > 0 && (
        <List size="sm" aria-label="Patterns">
          {own.map((pattern) => (
            <List.Item key={pattern.id}>
              <Group gap="xs">
                <Text size="sm">
                  {roundNames.get(pattern.round_id) ?? 'A round'}: {describePattern(pattern)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate(pattern.id)}
                >
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {driver.is_active && <PatternForm driverId={driver.id} />}
    </Stack>
  );
}
