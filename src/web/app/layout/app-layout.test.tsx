import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildEnvelope, logInAs, renderApp, stubApi } from '../../test-utils';

describe('layout and top menu', () => {
  it('shows logo, title and Log In when logged out, with header, main and footer landmarks', async () => {
    stubApi({});
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'MealRounds' }).getAttribute('href')).toBe('/');
    expect(within(header).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login/');
    expect(within(header).queryByRole('link', { name: 'Clients' })).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows the copyright line with the current year, the parent company link and Contact', async () => {
    stubApi({});
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const company = await within(footer).findByRole('link', { name: 'Parent Co' });
    expect(company.getAttribute('href')).toBe('https://parent.example/product');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Parent Co`);
    expect(within(footer).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact/');
  });

  it('shows the app links and the account tag when logged in', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal', buildAccount({ description: 'Eastside Meals', name: 'east' }));
    renderApp('/clients');
    const main = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Clients', '/clients'],
      ['Rounds', '/rounds'],
      ['Meals', '/meals'],
      ['Menu', '/menu'],
      ['Reports', '/reports/'],
    ]) {
      expect(within(main).getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings/');
    expect(within(account).getByRole('link', { name: 'Log Out' }).getAttribute('href')).toBe('/logout/');
    expect(within(account).getByText('Eastside Meals')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page');
  });

  it('badges Drivers with the slots unfilled in the next 48 hours, said in words, and none when there are none', async () => {
    let unfilled = 3;
    stubApi({ 'GET /api/roster/unfilled_count': () => buildEnvelope({ unfilled }) });
    logInAs('bob@example.org', 'normal');
    const first = renderApp('/clients');
    const main = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(main).findByRole('link', {
      name: 'Drivers (3 slots unfilled in the next 48 hours)',
    });
    expect(link.getAttribute('href')).toBe('/drivers/');
    expect(within(link).getByText('3').closest('[aria-hidden="true"]')).not.toBeNull();
    first.unmount();
    unfilled = 0;
    renderApp('/clients');
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Drivers' }),
    ).toBeTruthy();
  });

  it('falls back to the account name, then MR, in the account tag', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal', buildAccount({ description: '', name: '' }));
    renderApp('/rounds');
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByText('MR')).toBeTruthy();
  });

  it('opens the menu from the burger and folds it after following a link', async () => {
    stubApi({});
    logInAs('bob@example.org', 'normal');
    const { user } = renderApp('/clients');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Rounds' }));
    expect(await screen.findByRole('heading', { name: 'Rounds' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });
});

describe('routes', () => {
  it.each(['/about', '/about/'])('serves %s with and without a trailing slash', async (path) => {
    stubApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'About MealRounds' })).toBeTruthy();
  });

  it('shows the home pitch, the overview image and the contact form', async () => {
    stubApi({});
    renderApp('/');
    expect(screen.getByText(/easy to set up/)).toBeTruthy();
    expect(screen.getByRole('img', { name: /Overview of MealRounds/ }).getAttribute('src')).toBe(
      '/media/overview.png',
    );
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('plays a video file from the configured URL on the about page', async () => {
    stubApi({});
    const { container } = renderApp('/about/');
    await screen.findByRole('heading', { name: 'How to use MealRounds' });
    await screen.findByLabelText('How to use MealRounds');
    expect(container.querySelector('video')?.getAttribute('src')).toBe('/media/howto.webm');
  });

  it('embeds other video pages in a titled frame', async () => {
    stubApi({
      'GET /api/config': () =>
        buildEnvelope({
          parent_company_name: 'P',
          parent_company_url: 'https://p.example',
          howto_video_url: 'https://video.example/embed/42',
        }),
    });
    renderApp('/about/');
    const frame = await screen.findByTitle('How to use MealRounds');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://video.example/embed/42');
  });

  it('answers unknown routes with Page not found and a link home', async () => {
    stubApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
