import { Stack, Text, Title } from '@mantine/core';
import { keepsClientsLocally } from '../../../../contracts/accounts';
import { useAccount } from '../../../api/accounts';
import { SourceProductSection } from './source-product-section';
import { describeSourceProduct } from './source-settings';
import { SourceGeneralSection } from './source-general-section';
import { SourceSystemSection } from './source-system-section';
import { VisitHorizonSection } from './visit-horizon-section';
import { ErrorNotice } from '../../../components/error-notice';

/**
 * Settings > CMS Integration (admin only): the choice of source system, then for a CRM the general source-system
 * section and the connected care-management system's section when the account's source_system identifies one;
 * without a CRM (clients kept in MealRounds) only the visit horizon, as nothing is connected.
 */
export function SourceTab({ accountId }: { accountId: number | undefined }) {
  const account = useAccount(accountId);
  // The session's copy may be old: when it is being refreshed, wait for the fresh one before filling the forms.
  const isRefreshing = account.isFetching && !account.isFetchedAfterMount;
  const data = account.data;
  const sourceProduct = data ? describeSourceProduct(data.source_system) : null;

  return (
    <Stack gap="xl">
      <Title order={2}>CMS Integration</Title>
      {(account.isPending || isRefreshing) && <Text>Loading...</Text>}
      <ErrorNotice text={account.error?.message} />
      {data && !isRefreshing && (
        <>
          <SourceSystemSection key={`source-${data.id}-${data.source_system}`} account={data} />
          {keepsClientsLocally(data.source_system) ? (
            <VisitHorizonSection key={`horizon-${data.id}`} account={data} />
          ) : (
            <SourceGeneralSection key={`general-${data.id}`} account={data} />
          )}
          {sourceProduct && <SourceProductSection key={`care-${data.id}`} account={data} title={sourceProduct} />}
        </>
      )}
    </Stack>
  );
}
