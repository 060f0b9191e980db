import type { FormErrors } from '@mantine/form';
import { ActionIcon, Button, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import type { WelfareSettings } from '../../../../contracts/welfare';
import { welfareActionLabels, welfareActions, type WelfareAction } from '../../../../domain/welfare-steps';

/** The form's steps keep the minutes as typed, so a half-typed number can be shown and refused. */
export type WelfareForm = {
  steps: { minutes: string; action: WelfareAction }[];
  check_outcomes: WelfareSettings['check_outcomes'];
  managers: WelfareSettings['managers'];
};

type EditorProps = {
  form: WelfareForm;
  /** Refusals by field path, the form's checks and the server's alike. */
  errors: FormErrors;
  onChange: (update: (current: WelfareForm) => WelfareForm) => void;
};

function isWelfareAction(value: string): value is WelfareAction {
  return welfareActions.some((action) => action === value);
}

/** The same list with the item at `from` moved to `to`. */
function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The steps, in order: minutes after the opening and what is done; add, remove and move each. */
export function WelfareStepsEditor({ form, errors, onChange }: EditorProps) {
  const setSteps = (update: (steps: WelfareForm['steps']) => WelfareForm['steps']) =>
    onChange((current) => ({ ...current, steps: update(current.steps) }));
  return (
    <Stack gap="xs">
      <Table aria-label="Steps" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th>Minutes after opening</Table.Th>
            <Table.Th>What is done</Table.Th>
            <Table.Th>Order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.steps.map((step, index) => {
            const number = String(index + 1);
            return (
              <Table.Tr key={index}>
                <Table.Td>{number}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Step ${number} minutes`}
                    inputMode="numeric"
                    w={110}
                    value={step.minutes}
                    error={errors[`steps.${String(index)}.after_minutes`]}
                    onChange={(event) => {
                      const minutes = event.currentTarget.value;
                      setSteps((steps) =>
                        steps.map((entry, at) => (at === index ? { ...entry, minutes } : entry)),
                      );
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Step ${number} action`}
                    value={step.action}
                    error={errors[`steps.${String(index)}.action`]}
                    data={welfareActions.map((value) => ({ value, label: welfareActionLabels[value] }))}
                    onChange={(event) => {
                      const action = event.currentTarget.value;
                      if (!isWelfareAction(action)) return;
                      setSteps((steps) =>
                        steps.map((entry, at) => (at === index ? { ...entry, action } : entry)),
                      );
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label={`Move step ${number} up`}
                      disabled={index === 0}
                      onClick={() => setSteps((steps) => move(steps, index, index - 1))}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move step ${number} down`}
                      disabled={index === form.steps.length - 1}
                      onClick={() => setSteps((steps) => move(steps, index, index + 1))}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      variant="default"
                      size="compact-sm"
                      aria-label={`Remove step ${number}`}
                      onClick={() => setSteps((steps) => steps.filter((_, at) => at !== index))}
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            const last = form.steps.at(-1);
            setSteps((steps) => [...steps, { minutes: last?.minutes ?? '0', action: 'call_client' }]);
          }}
        >
          Add a step
        </Button>
      </Group>
    </Stack>
  );
}

/** The managers on duty: name, email, phone; add and remove each. */
export function DutyManagersEditor({ form, errors, onChange }: EditorProps) {
  type Manager = WelfareForm['managers'][number];
  const setManagers = (update: (managers: Manager[]) => Manager[]) =>
    onChange((current) => ({ ...current, managers: update(current.managers) }));
  const setField = (index: number, field: keyof Manager, value: string) =>
    setManagers((managers) =>
      managers.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)),
    );
  return (
    <Stack gap="xs">
      {form.managers.map((manager, index) => {
        const number = String(index + 1);
        const errorOf = (field: string) => errors[`managers.${String(index)}.${field}`];
        return (
          <Group key={index} align="flex-start" gap="xs">
            <TextInput
              label={`Manager ${number} name`}
              value={manager.name}
              error={errorOf('name')}
              onChange={(event) => setField(index, 'name', event.currentTarget.value)}
            />
            <TextInput
              label={`Manager ${number} email`}
              type="email"
              value={manager.email}
              error={errorOf('email')}
              onChange={(event) => setField(index, 'email', event.currentTarget.value)}
            />
            <TextInput
              label={`Manager ${number} phone`}
              type="tel"
              value={manager.phone}
              error={errorOf('phone')}
              onChange={(event) => setField(index, 'phone', event.currentTarget.value)}
            />
            <Button
              mt={26}
              variant="default"
              aria-label={`Remove manager ${number}`}
              onClick={() => setManagers((managers) => managers.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="default"
          onClick={() => setManagers((managers) => [...managers, { name: '', email: '', phone: '' }])}
        >
          Add a manager
        </Button>
      </Group>
    </Stack>
  );
}
