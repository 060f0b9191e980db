import { Stack, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../../../components/error-notice';
import { useAccount } from '../../../api/accounts';
import { AllergensSection } from './allergens-section';
import { LabelOptionsSection } from './label-options-section';
import { MealLabelsSection } from './meal-labels-section';
import { MenuOptionsSection } from './menu-options-section';

/** Settings > Meals (every user): Menu Options, Label Printing, then Meal Labels, then Allergens (issue 17). */
export function MealsTab({ accountId }: { accountId: number | undefined }) {
  const account = useAccount(accountId);
  // The session's copy may be old: when it is being refreshed, wait for the fresh one before filling the form.
  const isRefreshing = account.isFetching && !account.isFetchedAfterMount;
  const data = account.data;

  return (
    <Stack gap="xl">
      <Title order={2}>Meals</Title>
      {(account.isPending || isRefreshing) && <Text>Loading...</Text>}
      <ErrorNotice text={account.error?.message} />
      {data && !isRefreshing && <MenuOptionsSection key={`menu-${data.id}`} account={data} />}
      {data && !isRefreshing && <LabelOptionsSection key={`labels-${data.id}`} account={data} />}
      <MealLabelsSection />
      <AllergensSection />
    </Stack>
  );
}
