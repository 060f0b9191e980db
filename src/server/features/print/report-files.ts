import type { PrintReportBody } from '../../../contracts/reports';
import { sortMealChoicesClients } from '../../../domain/meal-choices-order';
import { invalidInput } from '../../http/errors';
import { renderCsv } from '../../renderers/csv';
import {
  toDeliveryByCategoryCsv,
  toDeliveryByClientCsv,
  toKitchenDaysCsv,
  toKitchenWeekCsv,
  toMealChoicesCsv,
  toPackingListCsv,
  type CsvTable,
} from '../../renderers/report-csv';
import {
  renderDeliveryByCategoryPdf,
  renderDeliveryByClientPdf,
  renderKitchenDaysPdf,
  renderKitchenWeekPdf,
  renderMealChoicesPdf,
  renderPackingListPdf,
} from '../../renderers/report-pdfs';
import { renderDeliveryOutcomesPdf, toDeliveryOutcomesCsv } from '../../renderers/outcomes-report';
import { renderHoldsReportPdf, toHoldsReportCsv } from '../../renderers/holds-report';
import { renderFunderMonthlyPdf, toFunderMonthlyCsv } from '../../renderers/funder-monthly';
import type { MonthCloseService } from '../funding/month-close-service';
import type { OutcomesReportService } from '../reports/outcomes-report-service';
import type { ReportsService } from '../reports/service';
import type { WelfareReportService } from '../alerts/welfare-report-service';
import { renderWelfareReportPdf, toWelfareReportCsv } from '../../renderers/welfare-report';
import { renderVolunteerHoursPdf, toVolunteerHoursCsv } from '../../renderers/volunteer-hours';
import type { VolunteerHoursService } from '../drivers/hours-service';

export type ReportFile = { fileName: string; content: Buffer };

/**
 * Where the reports' data comes from: the meal reports, the drivers' outcomes, the welfare checks, the funder
 * figures and the volunteer hours.
 */
export type ReportServices = {
  reports: ReportsService;
  outcomes: OutcomesReportService;
  welfare: Pick<WelfareReportService, 'getWelfareReport'>;
  funder: Pick<MonthCloseService, 'getFunderMonthly'>;
  volunteerHours: Pick<VolunteerHoursService, 'getVolunteerHours'>;
};

type Rendered = { name: string; date: string; csv: () => CsvTable; pdf: () => Promise<Buffer> };

/** The report's data, exactly as its screen gets it, and how to print it either way. */
async function loadReport(
  services: ReportServices,
  accountId: number,
  body: PrintReportBody,
): Promise<Rendered> {
  const { reports } = services;
  switch (body.report) {
    case 'kitchen_prep_by_week': {
      const report = await reports.getKitchenWeek(accountId, body.date);
      return {
        name: 'kitchen-prep-by-week',
        date: report.week_start,
        csv: () => toKitchenWeekCsv(report),
        pdf: () => renderKitchenWeekPdf(report),
      };
    }
    case 'kitchen_prep_by_day': {
      const report = await reports.getKitchenDays(accountId, body.date ?? body.days?.[0]);
      const week = new Set(report.days.map((day) => day.date));
      const outside = (body.days ?? []).findIndex((day) => !week.has(day));
      if (outside >= 0) {
        throw invalidInput('Print days of one week.', [
          { field: `days.${String(outside)}`, message: 'Not in the week of the date.' },
        ]);
      }
      const days = body.days;
      const printed = days
        ? { ...report, days: report.days.filter((day) => days.includes(day.date)) }
        : report;
      return {
        name: 'kitchen-prep-by-day',
        date: days?.length === 1 ? (days[0] ?? report.week_start) : report.week_start,
        csv: () => toKitchenDaysCsv(printed),
        pdf: () => renderKitchenDaysPdf(printed),
      };
    }
    case 'client_meal_choices': {
      const report = await reports.getMealChoices(accountId, body.date);
      const sorted = { ...report, clients: sortMealChoicesClients(report.clients, body.sort ?? 'name') };
      return {
        name: 'client-meal-choices',
        date: report.start_date,
        csv: () => toMealChoicesCsv(sorted),
        pdf: () => renderMealChoicesPdf(sorted),
      };
    }
    case 'packing_list': {
      const [report, categoryNames] = await Promise.all([
        reports.getPackingList(accountId, { date: body.date, categories: body.categories }),
        reports.listTickedCategoryNames(accountId, body.categories),
      ]);
      return {
        name: 'packing-list',
        date: report.date,
        csv: () => toPackingListCsv(report),
        pdf: () => renderPackingListPdf(report, categoryNames),
      };
    }
    case 'delivered_by_client': {
      const [report, today] = await Promise.all([
        reports.getDeliveryByClient(accountId, body.date),
        reports.getToday(accountId),
      ]);
      return {
        name: 'delivered-by-client',
        date: report.month_start.slice(3),
        csv: () => toDeliveryByClientCsv(report),
        pdf: () => renderDeliveryByClientPdf(report, today),
      };
    }
    case 'delivery_outcomes': {
      const [report, timeZone] = await Promise.all([
        services.outcomes.getDeliveryOutcomes(accountId, { from: body.from, to: body.to }),
        services.outcomes.getTimeZone(accountId),
      ]);
      return {
        name: 'delivery-outcomes',
        date: `${report.from}-to-${report.to}`,
        csv: () => toDeliveryOutcomesCsv(report, timeZone),
        pdf: () => renderDeliveryOutcomesPdf(report, timeZone),
      };
    }
    case 'delivered_by_category': {
      const [report, today] = await Promise.all([
        reports.getDeliveryByCategory(accountId, body.date),
        reports.getToday(accountId),
      ]);
      return {
        name: 'delivered-by-category',
        date: report.month_start.slice(3),
        csv: () => toDeliveryByCategoryCsv(report),
        pdf: () => renderDeliveryByCategoryPdf(report, today),
      };
    }
    case 'welfare': {
      const report = await services.welfare.getWelfareReport(accountId, body.month);
      return {
        name: 'welfare-checks',
        date: report.month,
        csv: () => toWelfareReportCsv(report),
        pdf: () => renderWelfareReportPdf(report),
      };
    }
    case 'funder_monthly': {
      const report = await services.funder.getFunderMonthly(accountId, body.month);
      return {
        name: 'funder-monthly',
        date: report.month,
        csv: () => toFunderMonthlyCsv(report),
        pdf: () => renderFunderMonthlyPdf(report),
      };
    }
    case 'volunteer_hours': {
      const report = await services.volunteerHours.getVolunteerHours(accountId, body.month);
      return {
        name: 'volunteer-hours',
        date: report.month,
        csv: () => toVolunteerHoursCsv(report),
        pdf: () => renderVolunteerHoursPdf(report),
      };
    }
    case 'holds': {
      const report = await reports.getHolds(accountId, body.date);
      return {
        name: 'holds',
        date: report.date,
        csv: () => toHoldsReportCsv(report),
        pdf: () => renderHoldsReportPdf(report),
      };
    }
  }
}

export async function renderReportFile(
  services: ReportServices,
  accountId: number,
  body: PrintReportBody,
): Promise<ReportFile> {
  const rendered = await loadReport(services, accountId, body);
  const base = `${rendered.name}-${rendered.date}`;
  if (body.format === 'csv') {
    const table = rendered.csv();
    return { fileName: `${base}.csv`, content: renderCsv(table.header, table.rows) };
  }
  return { fileName: `${base}.pdf`, content: await rendered.pdf() };
}
