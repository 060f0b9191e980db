import { Text } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { TabPage } from '../../../components/tab-page';
import { getAccountTimeZone, getAccountToday } from '../../../../domain/today';
import { getPreviousFunderMonth } from '../../../../domain/funder-month';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { useSession } from '../../../lib/session-store';
import { useNextDeliveryDay } from '../../../api/reports';
import { DeliveredByCategoryReport, DeliveredByClientReport } from '../components/delivery-report';
import { DeliveryOutcomesReport } from '../components/delivery-outcomes-report';
import { FunderMonthlyReport } from '../components/funder-monthly-report';
import { HoldsReport } from '../components/holds-report';
import { VolunteerHoursReport } from '../components/volunteer-hours-report';
import { WelfareReport } from '../components/welfare-report';
import { KitchenDayReport } from '../components/kitchen-day-report';
import { KitchenWeekReport } from '../components/kitchen-week-report';
import { MealChoicesReport } from '../components/meal-choices-report';
import { PackingListReport } from '../components/packing-list-report';
import { ReportsHome } from '../components/reports-home';
import { getDefaultKitchenDate, getDefaultMealChoicesDate, getDefaultPackingDate } from '../report-dates';
import { getDefaultOutcomesRange } from '../outcomes-range';
import { buildReportPath, listReportMenuTabs, resolveReportTab, type ReportTabKey } from '../report-tabs';

export function ReportsPage() {
  const { tab: requestedTab } = useParams();
  const { account } = useSession();
  const rounds = account?.rounds ?? [];
  const tab = resolveReportTab(requestedTab);

  // '/reports/' or an unknown tab: the home tab.
  if (tab.key !== requestedTab) return <Navigate to={buildReportPath(tab.key)} replace />;

  const menu = listReportMenuTabs().map((item) => ({ ...item, path: buildReportPath(item.key) }));
  return (
    <TabPage title="Reports" tabs={menu} current={tab}>
      {/* Keyed by tab so each report starts from its own defaults. */}
      <ReportContent
        key={tab.key}
        tab={tab.key}
        today={getAccountToday(rounds)}
        timeZone={getAccountTimeZone(rounds)}
      />
    </TabPage>
  );
}

type ReportContentProps = { tab: ReportTabKey; today: string; timeZone: string };

function ReportContent({ tab, today, timeZone }: ReportContentProps) {
  switch (tab) {
    case 'home':
      return <ReportsHome />;
    case 'client_meal_choices':
      return <MealChoicesReport defaultDate={getDefaultMealChoicesDate(today)} />;
    case 'kitchen_prep_week':
      return <KitchenWeekReport defaultDate={getDefaultKitchenDate(today)} />;
    case 'kitchen_prep_day':
      return <KitchenDayReport defaultDate={getDefaultKitchenDate(today)} />;
    case 'packing_list':
      return <PackingListOnDeliveryDay today={today} />;
    case 'delivered_by_client':
      return <DeliveredByClientReport defaultDate={getDefaultPackingDate(today)} today={today} />;
    case 'delivered_by_category':
      return <DeliveredByCategoryReport defaultDate={getDefaultPackingDate(today)} today={today} />;
    case 'holds':
      return <HoldsReport defaultDate={formatDayMonthYear(today)} />;
    case 'delivery_outcomes':
      return <DeliveryOutcomesReport defaultRange={getDefaultOutcomesRange(today)} timeZone={timeZone} />;
    case 'welfare':
      return <WelfareReport today={today} />;
    case 'volunteer_hours':
      return <VolunteerHoursReport today={today} />;
    case 'funder_monthly':
      return (
        <FunderMonthlyReport today={today} defaultMonth={getPreviousFunderMonth(today)} timeZone={timeZone} />
      );
  }
}

/**
 * The packing list opens on the next delivery day (after a weekend or a day without deliveries, not on an empty
 * tomorrow); when that cannot be read, on tomorrow.
 */
function PackingListOnDeliveryDay({ today }: { today: string }) {
  const nextDeliveryDay = useNextDeliveryDay();
  if (nextDeliveryDay.isPending) return <Text>Loading...</Text>;
  const date = nextDeliveryDay.data
    ? formatDayMonthYear(nextDeliveryDay.data.date)
    : getDefaultPackingDate(today);
  return <PackingListReport defaultDate={date} />;
}
