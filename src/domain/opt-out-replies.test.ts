import { describe, expect, it } from 'vitest';
import { readOptReply } from './opt-out-replies';

describe('readOptReply', () => {
  it.each([
    ['STOP', 'opt_out'],
    ['stop', 'opt_out'],
    ['  Stop. ', 'opt_out'],
    ['unsubscribe', 'opt_out'],
    ['STOPALL', 'opt_out'],
    ['cancel', 'opt_out'],
    ['end', 'opt_out'],
    ['quit!', 'opt_out'],
    ['START', 'opt_in'],
    ['start', 'opt_in'],
    ['unstop', 'opt_in'],
    ['YES', null],
    ['OK', null],
    ['please stop', null],
    ['STOP it', null],
    ['', null],
  ])('%s', (body, expected) => {
    expect(readOptReply(body)).toBe(expected);
  });
});
