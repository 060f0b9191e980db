/**
 * The texts an account sends on its own (Settings > Messages) are templates with {placeholders}: filled in when a
 * message is made, and with sample values for the settings' preview.
 */

export const messagePlaceholders = [
  'client_name',
  'contact_name',
  'driver_name',
  'time',
  'date',
  'round',
  'link',
] as const;
export type MessagePlaceholder = (typeof messagePlaceholders)[number];
export type MessageValues = Partial<Record<MessagePlaceholder, string>>;

export type MessageTemplateName = 'welfare' | 'notice' | 'reminder';

export const defaultMessageTemplates: Record<MessageTemplateName, string> = {
  welfare:
    'Hello {contact_name}, {client_name} did not answer the door for their meal at {time} today. Please check on them and reply OK when they are safe.',
  notice: 'Your meal is on its way, about {time}.',
  reminder: 'Hello {driver_name}, a reminder that you drive {round} on {date}. Your run: {link}',
};

/** What the preview fills in. */
export const sampleMessageValues: Record<MessagePlaceholder, string> = {
  client_name: 'Margaret Smith',
  contact_name: 'Anne Smith',
  driver_name: 'Sam Taylor',
  time: '11:30',
  date: 'Monday 7 December',
  round: 'Inner West',
  link: 'https://mealrounds.example/driver/abc123',
};

const placeholderPattern = /\{([a-z_]+)\}/g;

function isPlaceholder(name: string): name is MessagePlaceholder {
  return (messagePlaceholders as readonly string[]).includes(name);
}

/** Fills each known {placeholder} with its value ('' when none is given); unknown braces stay as written. */
export function renderMessageTemplate(template: string, values: MessageValues): string {
  return template.replace(placeholderPattern, (whole, name: string) =>
    isPlaceholder(name) ? (values[name] ?? '') : whole,
  );
}

/** The {names} in a template that are not placeholders, in order of first use (a typo such as {clientname}). */
export function findUnknownPlaceholders(template: string): string[] {
  const unknown = [...template.matchAll(placeholderPattern)]
    .map((match) => match[1] ?? '')
    .filter((name) => !isPlaceholder(name));
  return [...new Set(unknown)];
}
