/**
 * Rules of a welfare check: the steps of an account's no-response procedure on a clock that starts when the check
 * opens, which of them are done, due or still to come, when a check is overdue, how a contact's reply reads and
 * what resolving needs. Pure: times are epoch milliseconds, the caller says what `now` is.
 */

export const welfareActions = [
  'call_client',
  'message_contacts',
  'call_contacts',
  'notify_managers',
] as const;
export type WelfareAction = (typeof welfareActions)[number];

export type WelfareStep = { after_minutes: number; action: WelfareAction };

/** The words for each step on the board and in Settings. */
export const welfareActionLabels: Record<WelfareAction, string> = {
  call_client: 'Call the client',
  message_contacts: 'Message the emergency contacts',
  call_contacts: 'Call the emergency contacts',
  notify_managers: 'Notify the managers on duty',
};

/** At 0 call the client; at 15 message, then call, the emergency contacts; at 30 notify the managers on duty. */
export const defaultWelfareSteps: WelfareStep[] = [
  { after_minutes: 0, action: 'call_client' },
  { after_minutes: 15, action: 'message_contacts' },
  { after_minutes: 15, action: 'call_contacts' },
  { after_minutes: 30, action: 'notify_managers' },
];

/** The alerting outcomes that start a check's clock unless the account chooses others. */
export const defaultCheckOutcomes = ['not_home'] as const;

/** The longest a step may wait (a day) and the most steps a procedure has. */
export const welfareStepLimits = { maxMinutes: 1440, maxSteps: 12 } as const;

/**
 * A check still open this long after its last step fell due is overdue, and so is a person's step left undone this
 * long when no later step follows it.
 */
export const resolveGraceMinutes = 15;

const minuteMs = 60_000;

/** Only calling the client is a step for people: the others the step runner does itself. */
export function isAutomatedAction(action: WelfareAction): boolean {
  return action !== 'call_client';
}

/** When a step falls due: its minutes after the check's clock started. */
export function getStepDueMs(clockStartMs: number, step: WelfareStep): number {
  return clockStartMs + step.after_minutes * minuteMs;
}

/** The steps a runner that last reached `reached` (null: none yet) takes now: every later one that is due, in order. */
export function findDueStepIndexes(
  steps: WelfareStep[],
  clockStartMs: number,
  reached: number | null,
  nowMs: number,
): number[] {
  const indexes: number[] = [];
  for (let index = (reached ?? -1) + 1; index < steps.length; index += 1) {
    const step = steps[index];
    if (!step || getStepDueMs(clockStartMs, step) > nowMs) break;
    indexes.push(index);
  }
  return indexes;
}

/** When the first step after `reached` falls due; null when none is left. */
export function getNextStepAtMs(
  steps: WelfareStep[],
  clockStartMs: number,
  reached: number | null,
): number | null {
  const next = steps[(reached ?? -1) + 1];
  return next ? getStepDueMs(clockStartMs, next) : null;
}

/** An attempt as the steps see it: `isPerson` for an office user's (not the runner's, not a contact's reply). */
export type AttemptForSteps = { atMs: number; isPerson: boolean };
export type StepState = 'done' | 'due' | 'upcoming';
export type StepView = WelfareStep & { index: number; dueMs: number; state: StepState };

/**
 * Each step's state. An automated step is done once the runner reached it. A person's step is done by any attempt
 * a person recorded at or after its due time (the call they made, whatever its result).
 */
export function describeSteps(input: {
  steps: WelfareStep[];
  clockStartMs: number;
  reached: number | null;
  attempts: AttemptForSteps[];
  nowMs: number;
}): StepView[] {
  return input.steps.map((step, index) => {
    const dueMs = getStepDueMs(input.clockStartMs, step);
    const isDone = isAutomatedAction(step.action)
      ? input.reached !== null && index <= input.reached
      : input.attempts.some((attempt) => attempt.isPerson && attempt.atMs >= dueMs);
    const state: StepState = isDone ? 'done' : dueMs <= input.nowMs ? 'due' : 'upcoming';
    return { ...step, index, dueMs, state };
  });
}

/**
 * When a person's step, left undone, becomes overdue: when the first later step with more minutes falls due, or
 * `resolveGraceMinutes` after its own due time when none follows.
 */
function getPersonStepDeadlineMs(views: StepView[], view: StepView): number {
  const later = views.find((other) => other.after_minutes > view.after_minutes);
  return later ? later.dueMs : view.dueMs + resolveGraceMinutes * minuteMs;
}

/**
 * Overdue: an open check with a person's step not done by its deadline, or still open `resolveGraceMinutes` after
 * its last step fell due. A resolved check or one without steps is never overdue.
 */
export function isCheckOverdue(views: StepView[], isOpen: boolean, nowMs: number): boolean {
  if (!isOpen || views.length === 0) return false;
  const lastDueMs = Math.max(...views.map((view) => view.dueMs));
  if (nowMs >= lastDueMs + resolveGraceMinutes * minuteMs) return true;
  return views.some(
    (view) =>
      !isAutomatedAction(view.action) &&
      view.state === 'due' &&
      nowMs >= getPersonStepDeadlineMs(views, view),
  );
}

/** The first step not done that is due, else the first still to come: what the board shows next. */
export function findNextStepView(views: StepView[]): StepView | null {
  return (
    views.find((view) => view.state === 'due') ?? views.find((view) => view.state === 'upcoming') ?? null
  );
}

/** A step list is valid when its minutes never go down: the clock runs one way. */
export function findStepOrderError(steps: WelfareStep[]): number | null {
  for (let index = 1; index < steps.length; index += 1) {
    const previous = steps[index - 1];
    const step = steps[index];
    if (previous && step && step.after_minutes < previous.after_minutes) return index;
  }
  return null;
}

/** A contact's "OK" or "SAFE", whatever the case, spaces and punctuation, says the client is safe. */
export function isSafeReply(text: string): boolean {
  const word = text.toUpperCase().replace(/[^A-Z]/g, '');
  return word === 'OK' || word === 'SAFE';
}

export const resolutionOutcomes = [
  'safe',
  'hospital',
  'away',
  'family',
  'emergency_services',
  'other',
] as const;
export type ResolutionOutcome = (typeof resolutionOutcomes)[number];

export const resolutionOutcomeLabels: Record<ResolutionOutcome, string> = {
  safe: 'Safe',
  hospital: 'In hospital',
  away: 'Away',
  family: 'With family',
  emergency_services: 'Emergency services called',
  other: 'Other',
};

/**
 * Only a person resolves a check, once: a resolved check takes no new attempt and no second resolution until a new
 * alerting outcome opens it again.
 */
export function canChangeCheck(status: 'open' | 'resolved'): boolean {
  return status === 'open';
}

/** The minutes from a check's opening to its resolution, rounded down (the report's time to resolution). */
export function getMinutesToResolve(openedMs: number, resolvedMs: number): number {
  return Math.max(0, Math.floor((resolvedMs - openedMs) / minuteMs));
}

/** The median of some minutes (the mean of the middle two for an even count); null for none. */
export function getMedianMinutes(minutes: number[]): number | null {
  if (minutes.length === 0) return null;
  const sorted = [...minutes].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? 0) + upper) / 2;
}
