import { Group, Text, VisuallyHidden } from '@mantine/core';
import { listPlanDays } from '../../../../domain/plan-days';

/** The plan name with M T W T F S S, delivery days highlighted and the others greyed out. */
export function PlanLetters({ plan, planDow }: { plan: string; planDow: readonly number[] }) {
  const days = listPlanDays(planDow);
  const deliveryDays = days.filter((day) => day.isEnabled).map((day) => day.name);
  return (
    <div>
      {plan && <Text size="sm">{plan}</Text>}
      <Group gap={2} wrap="nowrap" aria-hidden="true" data-testid="plan-letters">
        {days.map((day) => (
          <span
            key={day.name}
            data-enabled={day.isEnabled}
            title={`${day.name}: ${day.isEnabled ? 'delivery day' : 'no delivery'}`}
            style={{
              display: 'inline-block',
              width: 16,
              textAlign: 'center',
              fontSize: 12,
              fontWeight: day.isEnabled ? 700 : 400,
              borderRadius: 3,
              color: day.isEnabled ? '#ffffff' : '#6b7075',
              backgroundColor: day.isEnabled ? 'var(--mantine-color-teal-9)' : 'var(--mantine-color-gray-1)',
            }}
          >
            {day.letter}
          </span>
        ))}
      </Group>
      <VisuallyHidden>
        {deliveryDays.length > 0 ? `Delivery days: ${deliveryDays.join(', ')}` : 'No delivery days'}
      </VisuallyHidden>
    </div>
  );
}
