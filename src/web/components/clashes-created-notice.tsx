import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** Where the kitchen's list of open allergen clashes is: under Reports, Kitchen Prep By Week. */
export const clashListPath = '/reports/kitchen_prep_week/';

/** 'This change created 1 allergen clash.', '... 3 allergen clashes.' */
export function describeClashesCreated(count: number): string {
  return `This change created ${String(count)} allergen ${count === 1 ? 'clash' : 'clashes'}.`;
}

/**
 * After a save that changed a meal's allergens or a client's allergies: how many chosen meals it made clash, with
 * the way to the list to resolve them (change the meal, or override it with a reason). Nothing when none.
 */
export function ClashesCreatedNotice({ count }: { count: number | undefined }) {
  if (count === undefined || count === 0) return null;
  return (
    <Alert color="red" role="alert">
      {describeClashesCreated(count)}{' '}
      {/* Dark red and underlined: the theme's link colour is too light on the red notice. */}
      <Anchor component={Link} to={clashListPath} fw={700} c="red.9" underline="always">
        Open the allergen clash list
      </Anchor>
    </Alert>
  );
}
