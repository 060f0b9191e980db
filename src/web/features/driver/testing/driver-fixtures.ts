import type { DriverOutcomeInput, DriverRun, DriverStop } from '../../../../contracts/driver';
import type { PostDriverOutcomes } from '../../../api/driver';

let dbCount = 0;

/** A database name no other test uses (fake-indexeddb keeps databases for the whole file). */
export function buildDbName(): string {
  dbCount += 1;
  return `driver-test-${String(dbCount)}-${String(Math.random()).slice(2)}`;
}

export function buildStop(visitId: number, overrides: Partial<DriverStop> = {}): DriverStop {
  return {
    visit_id: visitId,
    start: '10:00',
    end: '10:15',
    status: 'Scheduled',
    outcome: null,
    client: { name: `Client ${String(visitId)}`, phone: '0412 345 678' },
    address: `${String(visitId)} George Street, Sydney NSW 2000`,
    delivery_instructions: 'Knock loudly',
    dietary_requirements: 'Low salt',
    allergies: ['egg'],
    meals: [
      {
        description: 'Beef stew',
        quantity: 2,
        meal_state: 'Frozen',
        cook_deliver: 'Deliver Only',
        comment: '',
        allergen_clash: [],
      },
    ],
    ...overrides,
  };
}

export function buildRun(stops: DriverStop[] = [buildStop(11), buildStop(12), buildStop(13)]): DriverRun {
  return {
    round: {
      id: 3,
      name: 'Monday North',
      address: '1 Kitchen Lane, Sydney',
      pickup_time: '09:00',
      timezone: 'Australia/Sydney',
    },
    date: '2026-11-24',
    stops,
  };
}

/** A post function that answers each call from `answer`, keeping every body it received. */
export function buildPoster(
  answer: (outcomes: DriverOutcomeInput[]) => Awaited<ReturnType<PostDriverOutcomes>>,
) {
  const bodies: DriverOutcomeInput[][] = [];
  const post: PostDriverOutcomes = async (_token, outcomes) => {
    bodies.push(outcomes);
    return answer(outcomes);
  };
  return { post, bodies };
}

export function acceptAll(outcomes: DriverOutcomeInput[]) {
  return {
    ok: true as const,
    data: outcomes.map((outcome) => ({ id: outcome.id, accepted: true, message: '' })),
  };
}
