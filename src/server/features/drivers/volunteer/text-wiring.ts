import type { DriverTextPort } from './text-port';

/**
 * The one place the roster's texts are wired. Texting is not configured yet: every text answers null and the
 * reminders and personal links go by mail only. Connect the messaging module's SMS queue here.
 */
export const driverTextPort: DriverTextPort = {
  queueSms: () => Promise.resolve(null),
};
