import { describe, expect, it } from 'vitest';
import type { VolunteerHoursReport } from '../../contracts/volunteer-hours';
import { extractPdfText } from '../testing/pdf-text';
import { renderVolunteerHoursPdf, toVolunteerHoursCsv } from './volunteer-hours';

const report: VolunteerHoursReport = {
  month: '11-2026',
  counted_to: '17-11-2026',
  drivers: [
    {
      driver: { id: 1, name: 'Ann Driver', is_active: true },
      dates: ['02-11-2026', '09-11-2026'],
      days: 2,
      minutes: 190,
      hours: 3.2,
      km: 41.5,
    },
    {
      driver: { id: 2, name: 'Bob Gone', is_active: false },
      dates: ['03-11-2026'],
      days: 1,
      minutes: 60,
      hours: 1,
      km: 12,
    },
  ],
  totals: { days: 3, minutes: 250, hours: 4.2, km: 53.5 },
};

describe('volunteer hours renderer', () => {
  it('prints each driver with days, hours and km, the inactive marked, and the total', async () => {
    const text = (await extractPdfText(await renderVolunteerHoursPdf(report))).replace(/ +/g, ' ');
    expect(text).toContain('Volunteer Hours');
    expect(text).toContain('Days driven in 11-2026, up to 17-11-2026');
    expect(text).toContain('Ann Driver 2 3.2 41.5');
    expect(text).toContain('Bob Gone (inactive) 1 1.0 12.0');
    expect(text).toContain('Total 3 4.2 53.5');
  });

  it('says when no day of the month is over', async () => {
    const empty = {
      ...report,
      counted_to: null,
      drivers: [],
      totals: { days: 0, minutes: 0, hours: 0, km: 0 },
    };
    expect(await extractPdfText(await renderVolunteerHoursPdf(empty))).toContain(
      'No day of 11-2026 is over yet.',
    );
  });

  it('lists the dates in the CSV', () => {
    expect(toVolunteerHoursCsv(report).rows[0]).toEqual([
      '11-2026',
      'Ann Driver',
      2,
      '3.2',
      '41.5',
      '02-11-2026 09-11-2026',
    ]);
  });
});
