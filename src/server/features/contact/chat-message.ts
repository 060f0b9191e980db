export type ContactChatInput = { name: string; email: string; message: string };

// Google Chat syntax: pings every member of the space so a message from the public form is not missed.
const allMembersMention = '<users/all>';

function showOptional(value: string): string {
  return value.trim() || '(not given)';
}

/** Quotes every line of the message, blank ones included, so it reads as one block under the header. */
function quoteLines(message: string): string {
  return message
    .split(/\r\n|\r|\n/)
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
    .join('\n');
}

/** The chat text the contact webhook receives as `{text}`. */
export function formatContactChatText(input: ContactChatInput): string {
  return [
    allMembersMention,
    'Contact:',
    `Name: ${showOptional(input.name)}`,
    `Email: ${showOptional(input.email)}`,
    quoteLines(input.message),
  ].join('\n');
}
