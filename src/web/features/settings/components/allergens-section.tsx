import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { createAllergenBodySchema, type Allergen } from '../../../../contracts/allergens';
import { describeApiError } from '../../../lib/api-client';
import {
  useAllergens,
  useCreateAllergen,
  useRemoveAllergen,
  useRenameAllergen,
} from '../../../api/allergens';
import { SettingsSection } from './settings-section';

/** The server's refusal of a name, word for word, or null. */
function checkName(name: string): string | null {
  const parsed = createAllergenBodySchema.shape.name.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
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
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const form = useForm({
    initialValues: { name: allergen.name },
    validate: { name: checkName },
    validateInputOnChange: true,
  });
  const rename = useRenameAllergen();
  const remove = useRemoveAllergen();

  function startRenaming() {
    form.setValues({ name: allergen.name });
    form.clearErrors();
    setIsRenaming(true);
  }

  const save = form.onSubmit(async ({ name }) => {
    const error = await runChange(() => rename.mutateAsync({ key: allergen.key, name: name.trim() }));
    onError(error);
    if (error === null) setIsRenaming(false);
  });

  return (
    <Table.Tr>
      <Table.Td>
        {isRenaming ? (
          <TextInput
            size="xs"
            aria-label={`New name for ${allergen.name}`}
            data-autofocus
            {...form.getInputProps('name')}
          />
        ) : (
          allergen.name
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          {isRenaming ? (
            <>
              <Button size="compact-sm" onClick={() => save()} loading={rename.isPending}>
                Save
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setIsRenaming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button size="compact-sm" variant="default" onClick={startRenaming}>
              {`Rename ${allergen.name}`}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            onClick={() => setIsConfirmingRemoval(true)}
          >
            {`Remove ${allergen.name}`}
          </Button>
        </Group>
        {isConfirmingRemoval && (
          <ConfirmDialog
            title="Remove Allergen"
            question={`Remove the allergen '${allergen.name}'?`}
            confirmLabel="Remove"
            confirmColor="red"
            isPending={remove.isPending}
            runAction={() => remove.mutateAsync(allergen.key)}
            onClose={() => setIsConfirmingRemoval(false)}
          />
        )}
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
  // Checked on Add; a refusal stays until the name is typed again.
  const form = useForm({ initialValues: { name: '' }, validate: { name: checkName } });
  const [errorText, setErrorText] = useState<string | null>(null);

  const add = form.onSubmit(async ({ name }) => {
    const error = await runChange(() => create.mutateAsync({ name: name.trim() }));
    setErrorText(error);
    if (error === null) form.reset();
  });

  return (
    <SettingsSection title="Allergens">
      <Text size="sm">
        Meals carry the allergens they contain and clients their allergies; a meal containing one of a
        client&apos;s allergies needs an override with a reason to be chosen for them.
      </Text>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      <ErrorNotice text={allergens.error?.message} />
      <form onSubmit={add} noValidate aria-label="Add an allergen">
        <Group align="flex-start" gap="sm">
          <TextInput label="New allergen" {...form.getInputProps('name')} />
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
