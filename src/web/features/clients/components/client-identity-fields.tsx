import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Client, CreateClientBody } from '../../../../contracts/clients';
import {
  clientIdentityLimits,
  clientStatuses,
  describeClientStatus,
  findClientIdentityErrors,
} from '../../../../domain/client-identity';
import { formatPhoneNumber } from '../../../../domain/phone-numbers';

/** The fields a CRM keeps, as an account without one types them (all text; the server reads and checks them). */
export type ClientIdentityText = Required<CreateClientBody>;

export const emptyClientIdentity: ClientIdentityText = {
  name: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  external_status: 'active',
  external_id: '',
};

type PhoneRegion = Parameters<typeof formatPhoneNumber>[1];

/** A client's identity as the form shows it: the stored phone (E.164) written the way the account's region says it. */
export function toIdentityText(client: Client, region: PhoneRegion): ClientIdentityText {
  const status = (clientStatuses as readonly string[]).includes(client.external_status)
    ? (client.external_status as ClientIdentityText['external_status'])
    : 'other';
  return {
    name: client.name,
    phone: client.phone === '' ? '' : formatPhoneNumber(client.phone, region),
    address: client.address,
    city: client.city,
    state: client.state,
    zip: client.zip,
    external_status: status,
    external_id: client.external_id,
  };
}

/**
 * What the form itself can tell is wrong (the server checks the same, and the phone and the external id too). The
 * name's absence is only told once a save was tried, so an empty new form does not open with an error.
 */
export function findIdentityErrors(value: ClientIdentityText, isSaveTried: boolean) {
  const errors = findClientIdentityErrors(value);
  return { ...errors, name: isSaveTried ? errors.name : null };
}

export function hasIdentityErrors(value: ClientIdentityText): boolean {
  return Object.values(findClientIdentityErrors(value)).some((error) => error !== null);
}

type ClientIdentityFieldsProps = {
  value: ClientIdentityText;
  onChange: (value: ClientIdentityText) => void;
  /** The server's field errors of the last save (phone, external id ...), by field name. */
  serverErrors: Record<string, string>;
  isSaveTried: boolean;
};

/** Name, status, phone, external id and address of a client kept in MealRounds. */
export function ClientIdentityFields({
  value,
  onChange,
  serverErrors,
  isSaveTried,
}: ClientIdentityFieldsProps) {
  const errors = findIdentityErrors(value, isSaveTried);
  const set = (patch: Partial<ClientIdentityText>) => onChange({ ...value, ...patch });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Name"
          required
          value={value.name}
          maxLength={clientIdentityLimits.name}
          error={errors.name ?? serverErrors.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <NativeSelect
          label="Status"
          data={clientStatuses.map((status) => ({ value: status, label: describeClientStatus(status) }))}
          value={value.external_status}
          error={serverErrors.external_status}
          onChange={(event) =>
            set({ external_status: event.currentTarget.value as ClientIdentityText['external_status'] })
          }
        />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="0412 345 678"
          value={value.phone}
          maxLength={clientIdentityLimits.phone}
          error={serverErrors.phone}
          onChange={(event) => set({ phone: event.currentTarget.value })}
        />
        <TextInput
          label="External ID"
          description="Your own id of the client, if any; no two clients share one."
          value={value.external_id}
          maxLength={clientIdentityLimits.external_id}
          error={serverErrors.external_id}
          onChange={(event) => set({ external_id: event.currentTarget.value })}
        />
      </SimpleGrid>
      <TextInput
        label="Address"
        placeholder="Unit 2, 14 Smith Street"
        value={value.address}
        maxLength={clientIdentityLimits.address}
        error={serverErrors.address}
        onChange={(event) => set({ address: event.currentTarget.value })}
      />
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          label="City"
          placeholder="Newtown"
          value={value.city}
          maxLength={clientIdentityLimits.city}
          error={serverErrors.city}
          onChange={(event) => set({ city: event.currentTarget.value })}
        />
        <TextInput
          label="State"
          placeholder="NSW"
          value={value.state}
          maxLength={3}
          error={errors.state ?? serverErrors.state}
          onChange={(event) => set({ state: event.currentTarget.value })}
        />
        <TextInput
          label="Postcode"
          placeholder="2042"
          inputMode="numeric"
          value={value.zip}
          maxLength={4}
          error={errors.zip ?? serverErrors.zip}
          onChange={(event) => set({ zip: event.currentTarget.value })}
        />
      </Group>
    </>
  );
}
