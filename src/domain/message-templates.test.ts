import { describe, expect, it } from 'vitest';
import {
  defaultMessageTemplates,
  findUnknownPlaceholders,
  renderMessageTemplate,
  sampleMessageValues,
} from './message-templates';

describe('renderMessageTemplate', () => {
  it.each([
    ['Your meal is on its way, about {time}.', { time: '11:30' }, 'Your meal is on its way, about 11:30.'],
    ['{client_name} and {client_name}', { client_name: 'Jo' }, 'Jo and Jo'],
    ['Hi {contact_name}!', {}, 'Hi !'],
    ['Keep {unknown} and {Time}', { time: '9' }, 'Keep {unknown} and {Time}'],
    ['No placeholders', { time: '9' }, 'No placeholders'],
    ['{round} on {date}: {link}', { round: 'North', date: 'Mon', link: 'x' }, 'North on Mon: x'],
    ['A value with {time} braces', { time: '{date}' }, 'A value with {date} braces'],
  ])('%s', (template, values, expected) => {
    expect(renderMessageTemplate(template, values)).toBe(expected);
  });

  it('renders the default notice as the product spec words it', () => {
    expect(renderMessageTemplate(defaultMessageTemplates.notice, sampleMessageValues)).toBe(
      'Your meal is on its way, about 11:30.',
    );
  });
});

describe('findUnknownPlaceholders', () => {
  it.each([
    ['{client_name} at {time}', []],
    ['{clientname} at {tme} {tme}', ['clientname', 'tme']],
    ['{ time } {Time}', []],
    ['', []],
  ])('%s', (template, expected) => {
    expect(findUnknownPlaceholders(template)).toEqual(expected);
  });

  it('finds none in the default templates', () => {
    for (const template of Object.values(defaultMessageTemplates)) {
      expect(findUnknownPlaceholders(template)).toEqual([]);
    }
  });
});
