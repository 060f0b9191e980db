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
  /** The same from every network. */
  total: number;
  /** When the oldest of `fromNetwork` happened; null when there is none. */
  oldestFromNetwork: Date | null;
};

/** Milliseconds until this network may try this username again; null when it may try now. */
export function findLoginRetryMs(counts: LoginFailureCounts, now: Date): number | null {
  const isUnderAttack = counts.total >= loginThrottle.usernameCeiling;
  const allowed = isUnderAttack
    ? loginThrottle.maxFailuresPerNetworkUnderAttack
    : loginThrottle.maxFailuresPerNetwork;
  if (counts.fromNetwork < allowed || !counts.oldestFromNetwork) return null;
  return Math.max(1, counts.oldestFromNetwork.getTime() + loginThrottle.windowMs - now.getTime());
}
