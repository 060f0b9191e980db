import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { KitchenDay } from '../../../../contracts/reports';
import { useKitchenDayReport } from '../../../api/reports';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { AllergenOverrideFlags, DayAllergenClashes } from './allergen-flags';
import {
  PrintIconButton,
  ReportFileActions,
  ReportOutputNotices,
  useReportOutput,
  type ReportOutput,
} from './report-output';

/** Kitchen Prep By Day: a table per day of the week; print the whole week or one day. */
export function KitchenDayReport({ defaultDate }: { defaultDate: string }) {
  const [date, setDate] = useState(defaultDate);
  const report = useKitchenDayReport(date);
  const output = useReportOutput();

  return (
    <Stack gap="md">
      <ReportHeader
        title="Kitchen Prep By Day"
        filters={<ReportDateForm date={date} mode="monday" onShow={setDate} />}
        actions={
          <ReportFileActions
            output={output}
            request={report.data ? { report: 'kitchen_prep_by_day', date } : null}
          />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && (
        <SimpleGrid cols={2} spacing="lg">
          {report.data.days.map((day) => (
            <KitchenDayTable key={day.date} day={day} output={output} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The day's meals in the server's order (category position, then description), under their category. */
function groupByCategory(day: KitchenDay) {
  const groups: { key: string; name: string; meals: KitchenDay['meals'] }[] = [];
  for (const meal of day.meals) {
    const last = groups.at(-1);
    if (last && last.key === meal.category_key) last.meals.push(meal);
    else groups.push({ key: meal.category_key, name: meal.category_name, meals: [meal] });
  }
  return groups;
}

function KitchenDayTable({ day, output }: { day: KitchenDay; output: ReportOutput }) {
  const printKey = `print-${day.date}`;
  return (
    <Stack gap="xs" component="section" aria-label={day.date_display}>
      <Group justify="space-between">
        <Title order={3}>{day.date_display}</Title>
        <PrintIconButton
          label={`Print ${day.date_display}`}
          isBusy={output.busyKey === printKey}
          disabled={output.busyKey !== null}
          onClick={() =>
            output.print(printKey, { report: 'kitchen_prep_by_day', date: day.date, days: [day.date] })
          }
        />
      </Group>
      {day.meals.length === 0 ? (
        <Text size="sm">No meals ordered.</Text>
      ) : (
        <Table withTableBorder aria-label={`Meals on ${day.date_display}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Meal</Table.Th>
              <Table.Th scope="col" ta="right">
                Count
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groupByCategory(day).map((group) => (
              <Fragment key={group.key}>
                <Table.Tr bg="gray.1">
                  <Table.Th scope="colgroup" colSpan={2}>
                    {group.name}
                  </Table.Th>
                </Table.Tr>
                {group.meals.map((meal) => (
                  <Table.Tr key={meal.key}>
                    <Table.Td pl="lg">{meal.description}</Table.Td>
                    <Table.Td ta="right">{meal.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="right" fw={700}>
                {day.total}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      <DayAllergenClashes clashes={day.allergen_clashes} label={`Allergy clashes on ${day.date_display}`} />
      <AllergenOverrideFlags
        flags={day.allergen_overrides}
        label={`Allergen overrides on ${day.date_display}`}
      />
    </Stack>
  );
}
