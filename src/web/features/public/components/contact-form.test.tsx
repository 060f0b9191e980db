import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEnvelope, buildErrorEnvelope, renderApp, stubApi } from '../../../test-utils';

const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

describe('contact form', () => {
  it('requires a message and does not send without one', async () => {
    const { calls } = stubApi({ 'POST /api/contact': () => buildEnvelope(null) });
    const { user } = renderApp('/contact/');
    await user.type(await screen.findByLabelText('Name'), 'Jo');
    await user.click(sendButton());
    expect(await screen.findByText('Please enter a message before sending.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/contact')).toBe(false);
  });

  it('explains that the email is optional', async () => {
    stubApi({});
    renderApp('/contact/');
    expect(await screen.findByText('Not required, but without it we cannot reply to you.')).toBeTruthy();
  });

  it('sends name, email and message, thanks the sender and clears the form', async () => {
    const { calls } = stubApi({ 'POST /api/contact': () => buildEnvelope(null) });
    const { user } = renderApp('/contact/');
    await user.type(await screen.findByLabelText('Name'), 'Jo Smith');
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.type(screen.getByLabelText(/Message/), 'Please call me.');
    await user.click(sendButton());

    expect(await screen.findByText('Thank you for your message. We will get back to you as soon as possible.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/contact')?.body).toEqual({
      name: 'Jo Smith',
      email: 'jo@example.org',
      message: 'Please call me.',
    });
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Message/).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it.each([
    ['an error answer', () => buildErrorEnvelope(8, 'Too many requests.')],
    ['a network failure', () => {
      throw new TypeError('Failed to fetch');
    }],
  ])('shows the error text on %s and keeps the message', async (_label, answer) => {
    stubApi({ 'POST /api/contact': answer });
    const { user } = renderApp('/contact/');
    await user.type(await screen.findByLabelText(/Message/), 'Hello');
    await user.click(sendButton());
    expect(await screen.findByText('There was an error sending your message. Please try again later.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Message/).value).toBe('Hello');
  });

  it('shows a spinner and blocks the button while sending', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi({
      'POST /api/contact': async () => {
        await pending;
        return buildEnvelope(null);
      },
    });
    const { user } = renderApp('/contact/');
    await user.type(await screen.findByLabelText(/Message/), 'Hello');
    await user.click(sendButton());
    await waitFor(() => expect(sendButton().getAttribute('data-loading')).toBe('true'));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Thank you for your message. We will get back to you as soon as possible.')).toBeTruthy();
  });
});
