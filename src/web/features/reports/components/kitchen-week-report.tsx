import { Stack, Table } from '@mantine/core';
import { useState } from 'react';
import type { KitchenWeekReport as KitchenWeekData } from '../../../../contracts/reports';
import { useKitchenWeekReport } from '../../../api/reports';
import { AllergenOverrideFlags, OpenAllergenClashes } from './allergen-flags';
import { DayHeader } from './day-header';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';

/** Kitchen Prep By Week: portions per meal and day for the week, with the Clients and Total Meals rows. */
export function KitchenWeekReport({ defaultDate }: { defaultDate: string }) {
  const [date, setDate] = useState(defaultDate);
  const report = useKitchenWeekReport(date);
  const output = useReportOutput();

  return (
    <Stack gap="md">
      <ReportHeader
        title="Kitchen Prep By Week"
        filters={<ReportDateForm date={date} mode="monday" onShow={setDate} />}
        actions={
          <ReportFileActions
            output={output}
            request={report.data ? { report: 'kitchen_prep_by_week', date } : null}
          />
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && <KitchenWeekTable report={report.data} />}
      {report.data && (
        <AllergenOverrideFlags flags={report.data.allergen_overrides} label="Allergen overrides this week" />
      )}
      <OpenAllergenClashes />
    </Stack>
  );
}

type CountsRowProps = {
  label: string;
  days: number[];
  total: number;
  isBold?: boolean;
  isIndented?: boolean;
};

function CountsRow({ label, days, total, isBold = false, isIndented = false }: CountsRowProps) {
  const weight = isBold ? 700 : undefined;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={weight ?? 400} pl={isIndented ? 'lg' : undefined}>
        {label}
      </Table.Th>
      {days.map((count, index) => (
        <Table.Td key={index} ta="center" fw={weight}>
          {count}
        </Table.Td>
      ))}
      <Table.Td ta="center" fw={700}>
        {total}
      </Table.Td>
    </Table.Tr>
  );
}

function KitchenWeekTable({ report }: { report: KitchenWeekData }) {
  return (
    <Table withTableBorder withColumnBorders aria-label={`Kitchen prep for the week of ${report.week_start}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Meal</Table.Th>
          {report.dates.map((date) => (
            <DayHeader key={date} date={date} />
          ))}
          <Table.Th scope="col" ta="center">
            Total
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <CountsRow label="Clients" days={report.Clients.days} total={report.Clients.Total} isBold />
        <CountsRow label="Total Meals" days={report.MealCount.days} total={report.MealCount.Total} isBold />
        {report.Categories.map((category) => [
          <CountsRow
            key={`category-${category.key}`}
            label={category.name}
            days={category.days}
            total={category.Total}
            isBold
          />,
          ...category.Meals.map((meal) => (
            <CountsRow
              key={`meal-${category.key}-${meal.key}`}
              label={meal.description}
              days={meal.days}
              total={meal.Total}
              isIndented
            />
          )),
        ])}
      </Table.Tbody>
    </Table>
  );
}
