/**
 * Replies that opt a number out of (or back into) an account's notices and reminders: Twilio's standard opt-out
 * and opt-in words, as the whole message in any case. YES is left out of the opt-in words here: it is a likely
 * answer to a welfare message, which must reach the welfare check.
 */
const optOutWords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
const optInWords = ['START', 'UNSTOP'];

export type OptReply = 'opt_out' | 'opt_in' | null;

export function readOptReply(body: string): OptReply {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (optOutWords.includes(word)) return 'opt_out';
  if (optInWords.includes(word)) return 'opt_in';
  return null;
}
