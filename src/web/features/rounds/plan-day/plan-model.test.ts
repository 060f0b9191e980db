import { describe, expect, it } from 'vitest';
import { capacityMessage } from '../../../../domain/day-plan-limits';
import {
  applyPins,
  buildApplyBody,
  buildPlanRequest,
  buildRoundChoices,
  countMovedStops,
  findRoundsWithoutDriver,
  hasUnplannedPins,
  isEmptyPlan,
  noRoundOutMessage,
} from './plan-model';
import { buildTestPlan, testRounds } from './plan-test-fixtures';

describe('the planner form', () => {
  it('ticks every round not off that day, at its usual capacity (empty = unlimited)', () => {
    expect(buildRoundChoices(testRounds, [8])).toEqual([
      { roundId: 7, isOut: true, capacityText: '' },
      { roundId: 8, isOut: false, capacityText: '30' },
      { roundId: 9, isOut: true, capacityText: '40' },
    ]);
  });

  it.each<[string, { round_id: number; driver: { id: number } | null }[], boolean, number[]]>([
    [
      'a round unfilled; one without a slot keeps its tick',
      [
        { round_id: 7, driver: { id: 1 } },
        { round_id: 8, driver: null },
      ],
      true,
      [8],
    ],
    ['every round driven', [7, 8, 9].map((id) => ({ round_id: id, driver: { id } })), true, []],
    ['no active driver: the roster is not in use', [{ round_id: 8, driver: null }], false, []],
  ])('finds the rounds without a driver: %s', (_title, slots, hasActiveDrivers, expected) => {
    expect(findRoundsWithoutDriver(testRounds, slots, hasActiveDrivers)).toEqual(expected);
  });

  it('asks for the rounds out with their capacities, and keeps only the pins on rounds out', () => {
    const choices = buildRoundChoices(testRounds, [8]);
    const pins = [
      { visit_id: 1, round_id: 9 },
      { visit_id: 2, round_id: 8 },
    ];
    expect(buildPlanRequest(choices, pins)).toEqual({
      request: {
        rounds: [
          { id: 7, capacity: null },
          { id: 9, capacity: 40 },
        ],
        pins: [{ visit_id: 1, round_id: 9 }],
      },
    });
  });

  it.each(['0', '-1', '2.5', 'ten', '10001'])('refuses the capacity %s of a round out', (text) => {
    const choices = buildRoundChoices(testRounds, []).map((choice) =>
      choice.roundId === 9 ? { ...choice, capacityText: text } : choice,
    );
    expect(buildPlanRequest(choices, [])).toEqual({
      capacityErrors: new Map([[9, capacityMessage]]),
      formError: null,
    });
  });

  it('ignores the capacity of a round left out, and wants at least one round out', () => {
    const choices = buildRoundChoices(testRounds, [7, 8, 9]).map((choice) => ({
      ...choice,
      capacityText: 'x',
    }));
    expect(buildPlanRequest(choices, [])).toEqual({
      capacityErrors: new Map(),
      formError: noRoundOutMessage,
    });
  });
});

/** Inner West and East were planned; Outer is off. */
const planned = new Set([7, 9]);

describe('the shown plan', () => {
  it('marks the stops riding another round than their own', () => {
    const routes = applyPins(buildTestPlan(), [], planned);
    expect(routes.map((route) => route.stops.map((stop) => [stop.client.name, stop.isMoved]))).toEqual([
      [
        ['Alice', false],
        ['Bob', true],
      ],
      [],
      [
        ['Cara', false],
        ['Dan', true],
      ],
    ]);
    expect(countMovedStops(routes)).toBe(2);
  });

  it('moves a pinned stop to the end of its new round until a re-plan places it', () => {
    const plan = buildTestPlan();
    const pins = [{ visit_id: 1, round_id: 9 }];
    const routes = applyPins(plan, pins, planned);
    expect(routes[0]?.stops.map((stop) => stop.client.name)).toEqual(['Bob']);
    expect(routes[2]?.stops.map((stop) => [stop.client.name, stop.isMoved, stop.isPinned])).toEqual([
      ['Cara', false, false],
      ['Dan', true, false],
      ['Alice', true, true],
    ]);
    expect(hasUnplannedPins(plan, pins)).toBe(true);
    // Once planned where it is pinned, the plan needs nothing more.
    expect(hasUnplannedPins(plan, [{ visit_id: 3, round_id: 9 }])).toBe(false);
  });

  it('applies each round out with its stops in order, leaving out an empty round that is off', () => {
    expect(buildApplyBody(applyPins(buildTestPlan(), [], planned))).toEqual({
      routes: [
        { round_id: 7, visit_ids: [1, 2] },
        { round_id: 9, visit_ids: [3, 4] },
      ],
    });
  });

  it('knows a day with no visits', () => {
    const plan = buildTestPlan();
    expect(isEmptyPlan(plan)).toBe(false);
    expect(
      isEmptyPlan({ ...plan, routes: plan.routes.map((route) => ({ ...route, stops: [] })), unassigned: [] }),
    ).toBe(true);
  });
});
