import { describe, expect, it } from 'vitest';
import {
  defaultWelfareSteps,
  describeSteps,
  findDueStepIndexes,
  findNextStepView,
  findStepOrderError,
  getMedianMinutes,
  getMinutesToResolve,
  getNextStepAtMs,
  isCheckOverdue,
  isSafeReply,
  canChangeCheck,
  type AttemptForSteps,
  type WelfareStep,
} from './welfare-steps';

const start = Date.parse('2026-11-18T02:00:00Z');
const at = (minutes: number) => start + minutes * 60_000;
const person = (minutes: number): AttemptForSteps => ({ atMs: at(minutes), isPerson: true });
const notPerson = (minutes: number): AttemptForSteps => ({ atMs: at(minutes), isPerson: false });

describe('findDueStepIndexes (what the runner takes now)', () => {
  it.each([
    { title: 'at the opening: calling the client', reached: null, now: 0, expected: [0] },
    { title: 'a minute before 15: nothing new', reached: 0, now: 14.99, expected: [] },
    { title: 'at 15: both contact steps, in order', reached: 0, now: 15, expected: [1, 2] },
    {
      title: 'a runner late by an hour takes all that are left',
      reached: null,
      now: 60,
      expected: [0, 1, 2, 3],
    },
    { title: 'after the last step: nothing', reached: 3, now: 90, expected: [] },
    { title: 'one step reached at 15: the other at 15 still', reached: 1, now: 20, expected: [2] },
  ])('$title', ({ reached, now, expected }) => {
    expect(findDueStepIndexes(defaultWelfareSteps, start, reached, at(now))).toEqual(expected);
  });
});

describe('getNextStepAtMs', () => {
  it.each([
    { reached: null, expected: at(0) },
    { reached: 0, expected: at(15) },
    { reached: 1, expected: at(15) },
    { reached: 2, expected: at(30) },
    { reached: 3, expected: null },
  ])('after step $reached: $expected', ({ reached, expected }) => {
    expect(getNextStepAtMs(defaultWelfareSteps, start, reached)).toBe(expected);
  });
});

describe('describeSteps and the next step', () => {
  it.each([
    {
      title: 'just opened: calling the client is due, the rest to come',
      reached: null,
      attempts: [],
      now: 1,
      states: ['due', 'upcoming', 'upcoming', 'upcoming'],
      next: 'call_client',
    },
    {
      title: 'a person called at 5: done; the runner has not reached 15 yet',
      reached: 0,
      attempts: [person(5)],
      now: 16,
      states: ['done', 'due', 'due', 'upcoming'],
      next: 'message_contacts',
    },
    {
      title: 'automatic attempts and replies do not do a person step',
      reached: 2,
      attempts: [notPerson(15)],
      now: 20,
      states: ['due', 'done', 'done', 'upcoming'],
      next: 'call_client',
    },
    {
      title: 'all done',
      reached: 3,
      attempts: [person(0)],
      now: 31,
      states: ['done', 'done', 'done', 'done'],
      next: null,
    },
  ])('$title', ({ reached, attempts, now, states, next }) => {
    const views = describeSteps({
      steps: defaultWelfareSteps,
      clockStartMs: start,
      reached,
      attempts,
      nowMs: at(now),
    });
    expect(views.map((view) => view.state)).toEqual(states);
    expect(findNextStepView(views)?.action ?? null).toBe(next);
  });

  it('a person step later in the procedure needs an attempt from its own due time on', () => {
    const steps: WelfareStep[] = [
      { after_minutes: 0, action: 'message_contacts' },
      { after_minutes: 20, action: 'call_client' },
    ];
    const views = describeSteps({
      steps,
      clockStartMs: start,
      reached: 1,
      attempts: [person(10)],
      nowMs: at(25),
    });
    expect(views.map((view) => view.state)).toEqual(['done', 'due']);
  });
});

describe('isCheckOverdue', () => {
  const overdue = (attempts: AttemptForSteps[], reached: number | null, now: number, isOpen = true) =>
    isCheckOverdue(
      describeSteps({ steps: defaultWelfareSteps, clockStartMs: start, reached, attempts, nowMs: at(now) }),
      isOpen,
      at(now),
    );
  it.each([
    { title: 'client not called, 14 minutes in', attempts: [], reached: 0, now: 14, expected: false },
    {
      title: 'client not called when the next step falls due',
      attempts: [],
      reached: 0,
      now: 15,
      expected: true,
    },
    {
      title: 'client called: not overdue at 20',
      attempts: [person(3)],
      reached: 2,
      now: 20,
      expected: false,
    },
    { title: 'client called, open 44 minutes', attempts: [person(3)], reached: 3, now: 44, expected: false },
    {
      title: 'open 45 minutes: past the last step',
      attempts: [person(3)],
      reached: 3,
      now: 45,
      expected: true,
    },
  ])('$title: $expected', ({ attempts, reached, now, expected }) => {
    expect(overdue(attempts, reached, now)).toBe(expected);
  });
  it('a resolved check is never overdue', () => {
    expect(overdue([], 0, 120, false)).toBe(false);
  });
  it('a check without steps is never overdue', () => {
    expect(isCheckOverdue([], true, at(999))).toBe(false);
  });
  it('a lone person step is overdue the grace after it fell due', () => {
    const steps: WelfareStep[] = [{ after_minutes: 5, action: 'call_client' }];
    const views = (now: number) =>
      describeSteps({ steps, clockStartMs: start, reached: null, attempts: [], nowMs: at(now) });
    expect(isCheckOverdue(views(19), true, at(19))).toBe(false);
    expect(isCheckOverdue(views(20), true, at(20))).toBe(true);
  });
});

describe('findStepOrderError', () => {
  it.each([
    { steps: defaultWelfareSteps, expected: null },
    { steps: [], expected: null },
    {
      steps: [
        { after_minutes: 10, action: 'call_client' as const },
        { after_minutes: 5, action: 'notify_managers' as const },
      ],
      expected: 1,
    },
  ])('$expected', ({ steps, expected }) => {
    expect(findStepOrderError(steps)).toBe(expected);
  });
});

describe('isSafeReply', () => {
  it.each([
    ['OK', true],
    ['ok', true],
    [' Ok! ', true],
    ['o.k.', true],
    ['SAFE', true],
    ['safe :)', true],
    ['She is OK', false],
    ['okay', false],
    ['', false],
    ['not safe', false],
  ])('%j: %s', (text, expected) => {
    expect(isSafeReply(text)).toBe(expected);
  });
});

describe('resolution and report rules', () => {
  it.each([
    { status: 'open' as const, expected: true },
    { status: 'resolved' as const, expected: false },
  ])('a $status check can change: $expected', ({ status, expected }) => {
    expect(canChangeCheck(status)).toBe(expected);
  });
  it.each([
    { opened: 0, resolved: 0, expected: 0 },
    { opened: 0, resolved: 59.9, expected: 59 },
    { opened: 10, resolved: 5, expected: 0 },
  ])('minutes to resolve $opened -> $resolved: $expected', ({ opened, resolved, expected }) => {
    expect(getMinutesToResolve(at(opened), at(resolved))).toBe(expected);
  });
  it.each([
    { minutes: [], expected: null },
    { minutes: [7], expected: 7 },
    { minutes: [30, 10, 20], expected: 20 },
    { minutes: [40, 10, 20, 30], expected: 25 },
  ])('median of $minutes: $expected', ({ minutes, expected }) => {
    expect(getMedianMinutes(minutes)).toBe(expected);
  });
});
