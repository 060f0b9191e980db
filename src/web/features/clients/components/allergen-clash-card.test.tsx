import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Meal } from '../../../../contracts/meals';
import { findClashingAllergens } from '../../../../domain/allergen-clash';
import { createQueryClient, Providers } from '../../../app/providers';
import { changeCard, readCard, type WeekDraft } from '../meal-selection-model';
import { AllergenOverrideModal } from './allergen-override-modal';
import { MealCard } from './meal-card';

const quiche: Meal = {
  key: 'quiche',
  description: 'Quiche',
  ingredients: '',
  category: 'Mains',
  meal_state: 'Hot',
  labels: [],
  allergens: ['milk', 'egg'],
  reheating_instructions: '',
  active_ind: true,
  status: 'active',
};
const date = '16-11-2026';

/** One card with the editor's wiring: a clashing tick opens the reason dialog, its reason ticks the card. */
function CardWithDialog({ allergies }: { allergies: string[] }) {
  const [draft, setDraft] = useState<WeekDraft>({});
  const [isAsking, setIsAsking] = useState(false);
  const clashing = findClashingAllergens(quiche.allergens, allergies);
  return (
    <>
      <MealCard
        date={date}
        meal={quiche}
        card={readCard(draft, date, quiche)}
        isSuitable
        dayName="Monday"
        labels={[]}
        clashing={clashing}
        onChange={(_, __, change) => setDraft((current) => changeCard(current, date, quiche, change))}
        onEditComment={() => undefined}
        onRequestOverride={() => setIsAsking(true)}
      />
      {isAsking && (
        <AllergenOverrideModal
          mealName="Quiche on Monday"
          clashing={clashing}
          onConfirm={(reason) =>
            setDraft((current) => changeCard(current, date, quiche, { kind: 'override', reason }))
          }
          onClose={() => setIsAsking(false)}
        />
      )}
    </>
  );
}

function renderCard(allergies: string[]) {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <CardWithDialog allergies={allergies} />
    </Providers>,
  );
  return { user, card: screen.getByRole('group', { name: 'Quiche on Monday' }) };
}

describe('a meal card that clashes with the client allergies', () => {
  it('is marked in its own style with what it contains', () => {
    const { card } = renderCard(['egg']);
    expect(card.dataset.clash).toBe('true');
    expect(card.style.borderColor).toBe('rgb(201, 42, 42)');
    expect(within(card).getByTestId('allergen-clash').textContent).toBe('Contains egg — client is allergic');
  });

  it('is ticked only with a reason given in the override dialog', async () => {
    const { user, card } = renderCard(['egg', 'milk']);
    const tick = within(card).getByRole('checkbox', { name: 'Quiche' });
    await user.click(tick);
    expect(tick).toHaveProperty('checked', false);
    const dialog = await screen.findByRole('dialog', { name: 'Allergen clash: Quiche on Monday' });
    expect(within(dialog).getByText(/Contains milk and egg — client is allergic/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Override and tick' }));
    expect(within(dialog).getByText('Please give the reason for the override.')).toBeTruthy();
    expect(tick).toHaveProperty('checked', false);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for the override/ }),
      'Dairy-free version',
    );
    expect(within(dialog).queryByText('Please give the reason for the override.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Override and tick' }));
    expect(tick).toHaveProperty('checked', true);
    expect(within(card).getByTestId('allergen-override').textContent).toBe('Override: Dairy-free version');
  });

  it('is cancelled without ticking', async () => {
    const { user, card } = renderCard(['egg']);
    await user.click(within(card).getByRole('checkbox', { name: 'Quiche' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('checkbox', { name: 'Quiche' })).toHaveProperty('checked', false);
  });

  it('is a plain card when the client is not allergic to what it contains', async () => {
    const { user, card } = renderCard(['peanut']);
    expect(card.dataset.clash).toBe('false');
    expect(within(card).queryByTestId('allergen-clash')).toBeNull();
    await user.click(within(card).getByRole('checkbox', { name: 'Quiche' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card).getByRole('checkbox', { name: 'Quiche' })).toHaveProperty('checked', true);
  });
});
