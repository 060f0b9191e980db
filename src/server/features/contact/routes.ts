import { contactBodySchema } from '../../../contracts/contact';
import type { RegisterRoute } from '../../http/route';
import type { ContactService } from './service';

export const contactSuccessMessage =
  'Thank you for your message. We will get back to you as soon as possible.';

export function registerContactRoutes(route: RegisterRoute, contact: ContactService) {
  route({
    method: 'POST',
    url: '/api/contact',
    access: 'public',
    body: contactBodySchema,
    // Public and unauthenticated: the per-IP limit keeps the form from being used to flood the chat space.
    rateLimit: { max: 5, timeWindow: '1 minute' },
    handler: async ({ body }) => ({
      data: await contact.submit(body),
      meta: { message: contactSuccessMessage },
      status: 201,
    }),
  });
}
