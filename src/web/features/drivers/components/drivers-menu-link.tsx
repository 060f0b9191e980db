import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { useUnfilledSoonCount } from '../../../api/roster';

/**
 * The top menu's Drivers entry with the number of slots still without a driver whose pickup is in the next 48
 * hours. The badge is hidden from screen readers and said in words instead, so the link's name starts "Drivers".
 */
export function DriversMenuLink({ className }: { className?: string }) {
  const count = useUnfilledSoonCount().data?.unfilled ?? 0;
  return (
    <NavLink to="/drivers/" className={className}>
      <Group gap={4} wrap="nowrap" component="span">
        Drivers
        {count > 0 && (
          <>
            <Badge size="sm" color="orange.9" variant="filled" circle={count < 10} aria-hidden>
              {count}
            </Badge>
            <VisuallyHidden>
              ({count} {count === 1 ? 'slot' : 'slots'} unfilled in the next 48 hours)
            </VisuallyHidden>
          </>
        )}
      </Group>
    </NavLink>
  );
}
