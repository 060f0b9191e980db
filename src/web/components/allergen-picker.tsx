import { MultiSelect } from '@mantine/core';
import { allergenListLimit } from '../../contracts/allergens';
import { useAllergens } from '../api/allergens';

type AllergenPickerProps = {
  label: string;
  description?: string;
  value: string[];
  onChange: (names: string[]) => void;
};

/** Picks allergens of the account's list (Settings > Meals) by name: a meal's allergens or a client's allergies. */
export function AllergenPicker({ label, description, value, onChange }: AllergenPickerProps) {
  const allergens = useAllergens();
  const names = (allergens.data ?? []).map((allergen) => allergen.name);
  // A name no longer on the list (renamed elsewhere meanwhile) stays visible until removed.
  const data = [...names, ...value.filter((name) => !names.includes(name))];
  return (
    <MultiSelect
      label={label}
      description={description}
      data={data}
      value={value}
      searchable
      clearable
      maxValues={allergenListLimit}
      placeholder={value.length === 0 ? 'None' : undefined}
      nothingFoundMessage="No such allergen"
      error={allergens.error ? 'The allergen list could not be loaded.' : undefined}
      onChange={onChange}
    />
  );
}
