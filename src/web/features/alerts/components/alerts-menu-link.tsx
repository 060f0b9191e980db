import { Badge, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { useOpenAlertCount } from '../../../api/alerts';

/** The top menu's Welfare checks entry with the number of open checks and alerts (asked for again every 30 s). */
export function AlertsMenuLink({ className }: { className?: string }) {
  const count = useOpenAlertCount().data?.open ?? 0;
  return (
    <NavLink
      to="/alerts"
      className={className}
      aria-label={count > 0 ? `Welfare checks, ${String(count)} open` : 'Welfare checks'}
    >
      <Group gap={4} wrap="nowrap" component="span">
        Welfare checks
        {count > 0 && (
          <Badge size="sm" color="red.9" variant="filled" circle={count < 10} aria-hidden>
            {count}
          </Badge>
        )}
      </Group>
    </NavLink>
  );
}
