/** The reports side menu and the home tab, which only asks the user to pick a report. */
export const reportTabs = [
  { key: 'home', label: 'Home' },
  { key: 'client_meal_choices', label: 'Client Meal Choices' },
  { key: 'kitchen_prep_week', label: 'Kitchen Prep By Week' },
  { key: 'kitchen_prep_day', label: 'Kitchen Prep By Day' },
  { key: 'packing_list', label: 'Packing List' },
  { key: 'delivered_by_client', label: 'Delivered By Client' },
  { key: 'delivered_by_category', label: 'Delivered By Category' },
  { key: 'holds', label: 'Holds' },
  { key: 'delivery_outcomes', label: 'Delivery Outcomes' },
  { key: 'welfare', label: 'Welfare checks' },
  { key: 'funder_monthly', label: 'Funder Monthly' },
  { key: 'volunteer_hours', label: 'Volunteer Hours' },
] as const;

export type ReportTab = (typeof reportTabs)[number];
export type ReportTabKey = ReportTab['key'];

/** The menu's entries: every report, without the home tab. */
export function listReportMenuTabs(): ReportTab[] {
  return reportTabs.filter((tab) => tab.key !== 'home');
}

/** The tab for a route's tab parameter; home when it is missing or unknown. */
export function resolveReportTab(requested: string | undefined): ReportTab {
  return reportTabs.find((tab) => tab.key === requested) ?? reportTabs[0];
}

export function buildReportPath(key: ReportTabKey): string {
  return `/reports/${key}/`;
}
