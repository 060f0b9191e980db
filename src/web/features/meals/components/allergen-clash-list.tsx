import { Alert, List } from '@mantine/core';
import type { AllergenClash } from '../../../../contracts/allergens';
import { joinAllergenNames } from '../../../../domain/allergen-clash';

/**
 * After a save that changed the meal's allergens: the clients who chose it from today on and are allergic to what
 * it now contains, for the kitchen to act on (change the choice or override it on the client's screen).
 */
export function AllergenClashList({ clashes }: { clashes: AllergenClash[] }) {
  if (clashes.length === 0) return null;
  return (
    <Alert color="red" title="These choices now clash with the client's allergies" role="alert">
      <List size="sm" spacing={2}>
        {clashes.map((clash) => (
          <List.Item key={`${String(clash.client_id)} ${clash.date}`}>
            {`${clash.client}, ${clash.date}: contains ${joinAllergenNames(clash.allergens)}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
