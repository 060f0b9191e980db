import { Stack, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useAccount } from '../../../api/accounts';
import { OptimisationSection } from './optimisation-section';
import { RoundAutomationSection } from './round-automation-section';

/** Settings > Routes (admins): Optimisation Preferences, then Route Automation Preferences. */
export function PlanningTab({ accountId }: { accountId: number | undefined }) {
  const account = useAccount(accountId);
  // The session's copy may be old: when it is being refreshed, wait for the fresh one before filling the forms.
  const isRefreshing = account.isFetching && !account.isFetchedAfterMount;
  const data = account.data;

  return (
    <Stack gap="xl">
      <Title order={2}>Routes</Title>
      {(account.isPending || isRefreshing) && <Text>Loading...</Text>}
      <ErrorNotice text={account.error?.message} />
      {data && !isRefreshing && (
        <>
          <OptimisationSection key={`optimisation-${data.id}`} account={data} />
          <RoundAutomationSection key={`automation-${data.id}`} account={data} />
        </>
      )}
    </Stack>
  );
}
