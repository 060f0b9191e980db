/**
 * Log in throttling (docs/decisions/0005-login-throttle.md): failures are counted per username and client network
 * together, so a stranger's failures never lock out a user at their own address. Once a username draws many
 * failures from everywhere, every network gets fewer tries for it: guessing from many addresses slows down, while
 * the user, at an address with no failures, still has theirs.
 */
export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  /** Failures one network may have for one username in the window. */
  maxFailuresPerNetwork: 5,
  /** Failures of one username from all networks in the window beyond which it is treated as under attack. */
  usernameCeiling: 20,
  /** Failures one network may have for a username under attack. */
  maxFailuresPerNetworkUnderAttack: 2,
} as const;

export type LoginFailureCounts = {
  /** Earlier failures (and attempts still being checked) of this username from this network, in the window. */
  fromNetwork: number;
  /** Of `fromNetwork`, the attempts whose password is still being checked. */
  inProgressFromNetwork: number;
  /** The same from every network. */
  total: number;
  /** When the oldest of `fromNetwork` happened; null when there is none. */
  oldestFromNetwork: Date | null;
};

/** Milliseconds until this network may try this username again; null when it may try now. */
function findAllowedPerNetwork(counts: LoginFailureCounts): number {
  return counts.total >= loginThrottle.usernameCeiling
    ? loginThrottle.maxFailuresPerNetworkUnderAttack
    : loginThrottle.maxFailuresPerNetwork;
}

export function findLoginRetryMs(counts: LoginFailureCounts, now: Date): number | null {
  if (counts.fromNetwork < findAllowedPerNetwork(counts) || !counts.oldestFromNetwork) return null;
  return Math.max(1, counts.oldestFromNetwork.getTime() + loginThrottle.windowMs - now.getTime());
}

/**
 * What a refused attempt is told. Attempts still being checked count against the network (so parallel guesses
 * count each other), but when they are what tipped it over, nothing has failed yet: the user is asked to try again
 * in a moment instead of being told of failures that did not happen.
 */
export function describeLoginRefusal(counts: LoginFailureCounts, retryMs: number): string {
  const failures = counts.fromNetwork - counts.inProgressFromNetwork;
  if (failures < findAllowedPerNetwork(counts))
    return 'Too many log in attempts at the same time. Please try again in a moment.';
  const minutes = Math.ceil(retryMs / 60_000);
  return `Too many failed log in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
