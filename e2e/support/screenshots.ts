import type { Locator, Page } from '@playwright/test';

/**
 * Pictures of screens for a person to look at, never for a test to compare: taken only when SCREENSHOT_DIR names a
 * folder (a git-ignored one, such as tmp/ in the working tree), so an ordinary run writes nothing.
 */
const screenshotDir = process.env.SCREENSHOT_DIR;

export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotDir) return;
  const path = `${screenshotDir}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}
