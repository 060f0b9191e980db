import { Stack, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useAccount } from '../../../api/accounts';
import { DeliveryRoundsSection } from './delivery-rounds-section';
import { PreferredOrderSection } from './preferred-order-section';
import { VolunteerDriversSection } from './volunteer-drivers-section';

type RoundsTabProps = { accountId: number | undefined; isAdmin: boolean };

/**
 * Settings > Rounds: the Delivery Rounds table for admins; the Preferred Round Delivery Order and the volunteer
 * drivers' give-back cutoff for everyone.
 */
export function RoundsTab({ accountId, isAdmin }: RoundsTabProps) {
  const account = useAccount(accountId);
  const data = account.data;

  return (
    <Stack gap="xl">
      <Title order={2}>Rounds</Title>
      {account.isPending && <Text>Loading...</Text>}
      <ErrorNotice text={account.error?.message} />
      {data && isAdmin && <DeliveryRoundsSection account={data} />}
      {data && <PreferredOrderSection account={data} />}
      {data && <VolunteerDriversSection account={data} />}
    </Stack>
  );
}
