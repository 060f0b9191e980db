import { Badge, type BadgeProps } from '@mantine/core';
import { driverOutcomeLabels } from '../../domain/driver-outcomes';
import type { OutcomeKind } from '../../domain/outcome-report';

/** Dark shades so the white text stays readable (AA) on every colour. */
const outcomeColours: Record<OutcomeKind, string> = {
  delivered: 'teal.9',
  // Mantine's darkest orange keeps white text under 4.5:1; the phone page's Not home brown does not.
  not_home: '#8a3b00',
  refused: 'grape.9',
  concern: 'red.9',
  other: 'gray.8',
};

/** A driver's outcome at a door, in words and a colour of its own. */
export function OutcomeBadge({ outcome, size = 'sm' }: { outcome: OutcomeKind; size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="filled" tt="none" color={outcomeColours[outcome]} data-outcome={outcome}>
      {driverOutcomeLabels[outcome]}
    </Badge>
  );
}
