import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MealStripDay } from '../../../../contracts/clients';
import { createQueryClient, Providers } from '../../../app/providers';
import { MealStrip } from './meal-strip';

function buildDays(overrides: Record<number, Partial<MealStripDay>>): MealStripDay[] {
  return Array.from({ length: 14 }, (_, index) => ({
    date: `${String(16 + index)}-11-2026`,
    count: 2,
    hold_reason: null,
    cancel_reason: null,
    ...overrides[index],
  }));
}

describe('MealStrip', () => {
  it('marks a day the CRM cancelled as not counted, with its reason, like a held day', () => {
    const days = buildDays({
      0: { cancel_reason: 'Client in hospital' },
      1: { cancel_reason: '' },
      2: { hold_reason: 'hospital' },
      3: { count: 0, cancel_reason: 'Client in hospital' },
    });
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <MealStrip days={days} planDow={[1, 1, 1, 1, 1, 0, 0]} />
      </Providers>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.slice(0, 5).map((item) => item.getAttribute('aria-label'))).toEqual([
      'Mon 16-11-2026: 2 meals, visit cancelled in the CRM (Client in hospital): not counted',
      'Tue 17-11-2026: 2 meals, visit cancelled in the CRM: not counted',
      'Wed 18-11-2026: 2 meals, on hold (hospital): not counted',
      // The Missing Meal Choices rule leaves out held days only: a planned day without meals stays missing.
      'Thu 19-11-2026: 0 meals, missing, visit cancelled in the CRM (Client in hospital): not counted',
      'Fri 20-11-2026: 2 meals',
    ]);
    expect(items.slice(0, 5).map((item) => item.dataset.paused)).toEqual([
      'cancelled',
      'cancelled',
      'held',
      'cancelled',
      undefined,
    ]);
    expect(items[0]?.style.textDecoration).toBe('line-through');
    expect(items[3]?.dataset.missing).toBe('true');
  });
});
