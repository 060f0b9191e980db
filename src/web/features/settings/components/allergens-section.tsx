import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useState, type FormEvent } from 'react';
import { allergenNameLimit, type Allergen } from '../../../../contracts/allergens';
import { describeApiError } from '../../../lib/api-client';
import {
  useAllergens,
  useCreateAllergen,
  useRemoveAllergen,
  useRenameAllergen,
} from '../../../api/allergens';
import { SettingsSection } from './settings-section';

function checkName(name: string): string | null {
  if (name.trim() === '') return 'Please enter an allergen name.';
  if (name.trim().length > allergenNameLimit) return `Use at most ${String(allergenNameLimit)} characters.`;
  return null;
}

/** Runs a change and answers the error to show, or null when it went through. */
async function runChange(call: () => Promise<Allergen[]>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (error) {
    return describeApiError(error);
  }
}

function AllergenRow({ allergen, onError }: { allergen: Allergen; onError: (text: string | null) => void }) {
  const [name, setName] = useState<string | null>(null);
  const rename = useRenameAllergen();
  const remove = useRemoveAllergen();
  const nameError = name === null ? null : checkName(name);

  async function save() {
    if (name === null || nameError !== null) return;
    const error = await runChange(() => rename.mutateAsync({ key: allergen.key, name: name.trim() }));
    onError(error);
    if (error === null) setName(null);
  }

  async function removeAllergen() {
    if (!window.confirm(`Remove the allergen '${allergen.name}'?`)) return;
    onError(await runChange(() => remove.mutateAsync(allergen.key)));
  }

  return (
    <Table.Tr>
      <Table.Td>
        {name === null ? (
          allergen.name
        ) : (
          <TextInput
            size="xs"
            aria-label={`New name for ${allergen.name}`}
            value={name}
            error={nameError}
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          {name === null ? (
            <Button size="compact-sm" variant="default" onClick={() => setName(allergen.name)}>
              {`Rename ${allergen.name}`}
            </Button>
          ) : (
            <>
              <Button size="compact-sm" onClick={() => void save()} loading={rename.isPending}>
                Save
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setName(null)}>
                Cancel
              </Button>
            </>
          )}
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            loading={remove.isPending}
            onClick={() => void removeAllergen()}
          >
            {`Remove ${allergen.name}`}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Settings > Meals > Allergens: the account's list (it starts with the declarable allergens). A rename follows into
 * the meals and clients that have it; an allergen still on a meal or a client cannot be removed (the server says
 * where it is used).
 */
export function AllergensSection() {
  const allergens = useAllergens();
  const create = useCreateAllergen();
  const [newName, setNewName] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const newNameError = isTouched ? checkName(newName) : null;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsTouched(true);
    if (checkName(newName) !== null) return;
    const error = await runChange(() => create.mutateAsync({ name: newName.trim() }));
    setErrorText(error);
    if (error === null) {
      setNewName('');
      setIsTouched(false);
    }
  }

  return (
    <SettingsSection title="Allergens">
      <Text size="sm">
        Meals carry the allergens they contain and clients their allergies; a meal containing one of a
        client&apos;s allergies needs an override with a reason to be chosen for them.
      </Text>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <ErrorNotice text={allergens.error?.message} />
      <form onSubmit={(event) => void add(event)} noValidate aria-label="Add an allergen">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="New allergen"
            value={newName}
            error={newNameError}
            onChange={(event) => setNewName(event.currentTarget.value)}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            Add Allergen
          </Button>
        </Group>
      </form>
      {allergens.data && (
        <Table withTableBorder aria-label="Allergens">
          <Table.Tbody>
            {allergens.data.map((allergen) => (
              <AllergenRow key={allergen.key} allergen={allergen} onError={setErrorText} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SettingsSection>
  );
}
