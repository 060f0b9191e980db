import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Client, CreateClientBody } from '../../../../contracts/clients';
import {
  clientIdentityLimits,
  clientStatuses,
  describeClientStatus,
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

type ClientIdentityFieldsProps = {
  /** Binds a field to the form that holds it (`form.getInputProps`): its value, its change and its error. */
  inputProps: (field: keyof ClientIdentityText) => GetInputPropsReturnType;
};

/** Name, status, phone, external id and address of a client kept in MealRounds. */
export function ClientIdentityFields({ inputProps }: ClientIdentityFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="Name" required maxLength={clientIdentityLimits.name} {...inputProps('name')} />
        <NativeSelect
          label="Status"
          data={clientStatuses.map((status) => ({ value: status, label: describeClientStatus(status) }))}
          {...inputProps('external_status')}
        />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="0412 345 678"
          maxLength={clientIdentityLimits.phone}
          {...inputProps('phone')}
        />
        <TextInput
          label="External ID"
          description="Your own id of the client, if any; no two clients share one."
          maxLength={clientIdentityLimits.external_id}
          {...inputProps('external_id')}
        />
      </SimpleGrid>
      <TextInput
        label="Address"
        placeholder="Unit 2, 14 Smith Street"
        maxLength={clientIdentityLimits.address}
        {...inputProps('address')}
      />
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          label="City"
          placeholder="Newtown"
          maxLength={clientIdentityLimits.city}
          {...inputProps('city')}
        />
        <TextInput label="State" placeholder="NSW" maxLength={3} {...inputProps('state')} />
        <TextInput
          label="Postcode"
          placeholder="2042"
          inputMode="numeric"
          maxLength={4}
          {...inputProps('zip')}
        />
      </Group>
    </>
  );
}
