import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MealChoicesReport as MealChoicesData } from '../../../../contracts/reports';
import { useMealChoicesReport } from '../../../api/reports';
import { sortMealChoicesClients, type MealChoicesSort } from '../../../../domain/meal-choices-order';
import classes from '../reports.module.css';
import { DayHeader } from './day-header';
import { GridScroller } from './grid-scroller';
import { MealChoiceCell } from './meal-choice-cell';
import { ReportDateForm } from './report-date-form';
import { ReportHeader } from './report-header';
import { LoadState } from './report-notices';
import { ReportFileActions, ReportOutputNotices, useReportOutput } from './report-output';
import { ScoreBar } from './score-bar';

const sortOptions = [
  { value: 'name', label: 'Name' },
  { value: 'score', label: 'Score' },
];

/** Client Meal Choices: 28 days from a Monday, a row per client with the score bar and the day counts. */
export function MealChoicesReport({ defaultDate }: { defaultDate: string }) {
  const [date, setDate] = useState(defaultDate);
  const [sort, setSort] = useState<MealChoicesSort>('name');
  const report = useMealChoicesReport(date);
  const output = useReportOutput();

  return (
    <Stack gap="md">
      <ReportHeader
        title="Client Meal Choices"
        filters={<ReportDateForm date={date} mode="monday" onShow={setDate} />}
        actions={
          <Group gap="sm" align="center" wrap="nowrap">
            <SegmentedControl
              aria-label="Sort by"
              data={sortOptions}
              value={sort}
              onChange={(value) => setSort(value === 'score' ? 'score' : 'name')}
            />
            <ReportFileActions
              output={output}
              request={report.data ? { report: 'client_meal_choices', date, sort } : null}
            />
          </Group>
        }
      />
      <ReportOutputNotices output={output} />
      <LoadState isPending={report.isPending} error={report.error} />
      {report.data && <MealChoicesGrid report={report.data} sort={sort} onSort={setSort} />}
    </Stack>
  );
}

type MealChoicesGridProps = {
  report: MealChoicesData;
  sort: MealChoicesSort;
  onSort: (sort: MealChoicesSort) => void;
};

function MealChoicesGrid({ report, sort, onSort }: MealChoicesGridProps) {
  if (report.clients.length === 0) return <Text>No clients to show.</Text>;
  const clients = sortMealChoicesClients(report.clients, sort);
  const weekStarts = report.dates.filter((_, index) => index % 7 === 0);
  const ariaSort = (column: MealChoicesSort) =>
    sort === column ? (column === 'score' ? 'descending' : 'ascending') : undefined;
  return (
    <Stack gap="xs">
      <GridScroller label="Client meal choices">
        <table className={classes.grid} aria-label="Client meal choices">
          <thead>
            <tr>
              <td className={classes.sticky} />
              <td />
              {weekStarts.map((date) => (
                <th key={date} scope="colgroup" colSpan={7} className={classes.weekStart}>
                  {`Week of ${date}`}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" className={classes.sticky} aria-sort={ariaSort('name')}>
                <button type="button" className={classes.sortButton} onClick={() => onSort('name')}>
                  Name
                </button>
              </th>
              <th scope="col" aria-sort={ariaSort('score')}>
                <button type="button" className={classes.sortButton} onClick={() => onSort('score')}>
                  Score
                </button>
              </th>
              {report.dates.map((date, index) => (
                <DayHeader key={date} date={date} isWeekStart={index % 7 === 0} isCompact />
              ))}
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.id}>
                <th scope="row" className={classes.sticky}>
                  <Anchor component={Link} to={`/client/${String(client.id)}/`} size="xs">
                    {client.name}
                  </Anchor>
                </th>
                <td>
                  <ScoreBar score={client.score} />
                </td>
                {client.days.map((day, index) => (
                  <MealChoiceCell key={report.dates[index]} day={day} isWeekStart={index % 7 === 0} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </GridScroller>
      <Text size="xs" c="dimmed">
        Green: a planned day with meals. Red: a planned day without meals. Red tag: meals on a day that is not
        planned. The score counts those problem days; each bar segment turns red above 4, 12, 20, 28 and 36.
      </Text>
    </Stack>
  );
}
