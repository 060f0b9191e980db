import { describe, expect, it } from 'vitest';
import { isLaterStatus } from './message-status';

describe('isLaterStatus', () => {
  it.each([
    ['queued', 'sending', true],
    ['sending', 'sent', true],
    ['sending', 'delivered', true],
    ['sent', 'delivered', true],
    ['sent', 'undelivered', true],
    ['delivered', 'sent', false],
    ['sent', 'sent', false],
    ['delivered', 'undelivered', false],
    ['failed', 'delivered', false],
    ['deferred', 'sending', true],
  ] as const)('%s then %s', (current, next, expected) => {
    expect(isLaterStatus(current, next)).toBe(expected);
  });
});
