import type { Page } from '@playwright/test';
import { demo, expect, logIn, test } from './support/fixtures';

const parentCompany = { name: 'Harbour Software', url: 'https://harbour-software.example/mealrounds' };

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${parentCompany.name}`);
  await expect(footer.getByRole('link', { name: parentCompany.name })).toHaveAttribute(
    'href',
    parentCompany.url,
  );
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact/');
  await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about/');
}

async function expectContactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Name')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeVisible();
  await expect(form.getByLabel('Message')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
}

async function expectLoggedOutMenu(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'MealRounds' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login/');
  await expect(header.getByRole('link', { name: 'Clients' })).toHaveCount(0);
}

test.describe('public pages', () => {
  test('home: pitch, overview image, contact form and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('MealRounds');
    await expectLoggedOutMenu(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/easy to set up/)).toBeVisible();

    const overview = page.getByRole('img', { name: /Overview of MealRounds/ });
    await expect(overview).toBeVisible();
    await expect(overview).toHaveAttribute('alt', /\S/);
    // The image really loaded (a broken image has no natural size).
    await expect
      .poll(() => overview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expectContactForm(page);
    await expectFooter(page);
  });

  test('about: description, how-to video and contact form', async ({ page }) => {
    await page.goto('/about/');
    await expect(page).toHaveTitle('About | MealRounds');
    await expect(page.getByRole('heading', { name: 'About MealRounds', level: 1 })).toBeVisible();
    await expect(page.getByText(/meals-on-wheels/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to use MealRounds' })).toBeVisible();

    const video = page.locator('main').locator('video, iframe[title="How to use MealRounds"]');
    await expect(video).toHaveCount(1);
    await expect(video).toBeVisible();
    if ((await video.evaluate((element) => element.tagName)) === 'VIDEO') {
      await expect(video).toHaveAttribute('aria-label', 'How to use MealRounds');
      await expect(video).toHaveAttribute('controls', '');
      // Before it plays, the video shows a picture of its opening frame, not a black box.
      await expect(video).toHaveAttribute('poster', '/media/howto-poster.jpg');
      const poster = await page.request.get('/media/howto-poster.jpg');
      expect(poster.status()).toBe(200);
      expect(poster.headers()['content-type']).toBe('image/jpeg');
      // The file is there and playable: the browser read its duration.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
    }
    await expectContactForm(page);
    await expectFooter(page);
  });

  test('contact: reached from the footer, with the contact form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expect(page).toHaveTitle('Contact | MealRounds');
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    await expectContactForm(page);
    await expectFooter(page);
  });

  test('the footer links to the about page and the logo goes home', async ({ page }) => {
    await page.goto('/contact/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'MealRounds' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login\/$/);
  });

  test('an unknown route says Page not found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

test.describe('on a phone (375 px wide)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('public pages fit the screen with the Log In link in the top menu', async ({ page }) => {
    for (const path of ['/', '/about/', '/contact/']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
      // Responsive: nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });

  test('the burger opens the menu links', async ({ page }) => {
    await logIn(page, demo.admin);
    // The wide menus give way to the burger.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();

    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // Drivers and Welfare checks carry counts (unfilled days, open checks), whatever journeys before this one on
    // the worker's server left.
    await expect(menu.getByRole('link')).toHaveText([
      'Clients',
      'Rounds',
      /^Drivers\d*$/,
      'Meals',
      'Menu',
      'Reports',
      /^Welfare checks\d*$/,
      'Settings',
      'Log Out',
    ]);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await menu.getByRole('link', { name: 'Rounds' }).click();
    await expect(page).toHaveURL(/\/rounds$/);
    await expect(page.getByRole('heading', { name: 'Rounds', level: 1 })).toBeVisible();
    // Following a link folds the menu away.
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
  });
});
