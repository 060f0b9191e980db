import { describe, expect, it } from 'vitest';
import { formatContactChatText } from './chat-message';

describe('formatContactChatText', () => {
  it.each([
    {
      title: 'name, email and a one-line message',
      input: { name: 'Jo', email: 'jo@x.com', message: 'Hello there' },
      expected: '<users/all>\nContact:\nName: Jo\nEmail: jo@x.com\n> Hello there',
    },
    {
      title: 'every line of the message quoted',
      input: { name: 'Jo', email: 'jo@x.com', message: 'line1\nline2' },
      expected: '<users/all>\nContact:\nName: Jo\nEmail: jo@x.com\n> line1\n> line2',
    },
    {
      title: 'empty name and email shown as not given',
      input: { name: '', email: '', message: 'Hi' },
      expected: '<users/all>\nContact:\nName: (not given)\nEmail: (not given)\n> Hi',
    },
    {
      title: 'blank name and email count as not given',
      input: { name: '   ', email: '\t', message: 'Hi' },
      expected: '<users/all>\nContact:\nName: (not given)\nEmail: (not given)\n> Hi',
    },
    {
      title: 'Windows and old Mac line endings, blank lines kept inside the quote',
      input: { name: 'Jo', email: '', message: 'a\r\n\r\nb\rc  ' },
      expected: '<users/all>\nContact:\nName: Jo\nEmail: (not given)\n> a\n>\n> b\n> c',
    },
  ])('formats $title', ({ input, expected }) => {
    expect(formatContactChatText(input)).toBe(expected);
  });

  it('starts with the all-members mention and the Contact: line', () => {
    const lines = formatContactChatText({ name: 'A', email: 'b@c.d', message: 'm' }).split('\n');
    expect(lines.slice(0, 2)).toEqual(['<users/all>', 'Contact:']);
  });
});
