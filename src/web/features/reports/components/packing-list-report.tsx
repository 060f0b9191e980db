import { Anchor, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { PackingListBody, PackingRound } from '../../../../contracts/reports';
import { getFilters, setFilters } from '../../../lib/session-store';
import { useMealCategories } from '../../../api/meal-categories';
import { usePackingListReport } from '../../../api/reports';
import {
  buildCategorySelection,
  listPackingCategories,
  packingListFiltersKey,
  readStoredSelection,
  type CategorySelection,
} from '../packing-selection';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { describeOpenClash, describeOverride } from '../../../../domain/allergen-clash';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

export const noCategoryText = 'Tick at least one meal category, then press Show.';

/**
 * Packing List: a day's meals by round, meal and client, for the ticked meal categories. One message per state: a
 * date that is not one shows only its error under the date; no category ticked, loading, a failed load, an empty
 * day and the list each show alone.
 */
export function PackingListReport({ defaultDate }: { defaultDate: string }) {
  const categories = useMealCategories();
  const [ticked, setTicked] = useState<CategorySelection>(() =>
    readStoredSelection(getFilters(packingListFiltersKey)),
  );
  // What is shown: the default date with the saved ticks at first, then whatever Show was pressed with.
  const [shown, setShown] = useState({ date: defaultDate, ticked });
  const [hasDateError, setHasDateError] = useState(false);
  const choices = categories.data ? listPackingCategories(categories.data) : [];
  const selection = buildCategorySelection(choices, ticked);
  const body: PackingListBody | null = categories.data
    ? { date: shown.date, categories: buildCategorySelection(choices, shown.ticked) }
    : null;
  const report = usePackingListReport(body);
  const output = useReportOutput();

  function tick(keys: string[]) {
    const next = Object.fromEntries(choices.map((category) => [category.key, keys.includes(category.key)]));
    setTicked(next);
    setFilters(packingListFiltersKey, next);
  }

  return (
    <Stack gap="md">
      <ReportHeader
        title="Packing List"
        filters={
          <ReportDateForm
            date={shown.date}
            mode="day"
            onShow={(date) => {
              setHasDateError(false);
              setShown({ date, ticked: selection });
            }}
            onInvalidDate={() => setHasDateError(true)}
          >
            <Checkbox.Group
              label="Meal categories"
              value={choices.filter((category) => selection[category.key]).map((category) => category.key)}
              onChange={tick}
            >
              <Group gap="md" mt={6}>
                {choices.map((category) => (
                  <Checkbox key={category.key} value={category.key} label={category.name} />
                ))}
              </Group>
            </Checkbox.Group>
          </ReportDateForm>
        }
        actions={
          <ReportFileActions
            output={output}
            request={
              report.data && body
                ? { report: 'packing_list', date: body.date, categories: body.categories }
                : null
            }
          />
        }
      />
      <ReportOutputNotices output={output} />
      {!hasDateError && (
        <PackingListOutput
          isPending={categories.isPending || report.isPending}
          error={categories.error ?? report.error}
          hasCategory={body !== null && Object.values(body.categories).some(Boolean)}
          rounds={report.data?.rounds}
          total={report.data?.total ?? 0}
        />
      )}
    </Stack>
  );
}

type PackingListOutputProps = {
  isPending: boolean;
  error: Error | null;
  hasCategory: boolean;
  rounds: PackingRound[] | undefined;
  total: number;
};

function PackingListOutput({ isPending, error, hasCategory, rounds, total }: PackingListOutputProps) {
  if (isPending || error) return <LoadState isPending={isPending} error={error} />;
  if (!hasCategory) return <Text>{noCategoryText}</Text>;
  if (!rounds) return null;
  if (rounds.length === 0) return <Text>No data for selected date</Text>;
  return (
    <Stack gap="lg">
      {rounds.map((round) => (
        <PackingRoundTable key={round.round_id ?? 'none'} round={round} />
      ))}
      <Text fw={700}>{`Total: ${String(total)}`}</Text>
    </Stack>
  );
}

function PackingRoundTable({ round }: { round: PackingRound }) {
  return (
    <Stack gap="xs" component="section" aria-label={round.round}>
      <Title order={3}>{round.round}</Title>
      <Table withTableBorder aria-label={`Packing list for ${round.round}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Client</Table.Th>
            <Table.Th scope="col">Note</Table.Th>
            <Table.Th scope="col">Dietary Requirements</Table.Th>
            <Table.Th scope="col" ta="right">
              Quantity
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {round.meals.map((meal) => (
            <Fragment key={meal.key}>
              <Table.Tr bg="gray.1">
                <Table.Th scope="colgroup" colSpan={3}>
                  {`${meal.description} (${meal.category_name})`}
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {meal.total}
                </Table.Td>
              </Table.Tr>
              {meal.entries.map((entry) => (
                <Table.Tr key={entry.client_id} bg={entry.allergen_clash.length > 0 ? 'red.0' : undefined}>
                  <Table.Td pl="lg">
                    <Anchor component={Link} to={`/client/${String(entry.client_id)}/`} size="sm">
                      {entry.client}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {entry.allergen_clash.length > 0 && (
                      <Text size="sm" fw={700} c="red.9" data-testid="allergen-clash">
                        {describeOpenClash(entry.allergen_clash)}
                      </Text>
                    )}
                    {entry.note}
                    {entry.allergen_override && (
                      <Text size="sm" fw={700} c="red.9" data-testid="allergen-override">
                        {describeOverride(entry.allergen_override.allergens, entry.allergen_override.reason)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.dietary_requirements}</Table.Td>
                  <Table.Td ta="right">{entry.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {`Total for ${round.round}`}
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {round.total}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
