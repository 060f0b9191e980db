import type { FastifyInstance } from 'fastify';
import { invalidInput } from './errors';

/**
 * Takes text/csv bodies (the clients import) as text. The file must be UTF-8 (a byte order mark is dropped):
 * anything else is refused with code 2 rather than stored with wrong letters.
 */
export function addCsvBodyParser(server: FastifyInstance) {
  server.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer));
    } catch {
      done(
        invalidInput('The file is not UTF-8 text: save it as "CSV UTF-8" and try again.', [
          { field: 'file', message: 'Save the file as CSV UTF-8.' },
        ]),
        undefined,
      );
    }
  });
}
