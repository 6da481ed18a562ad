import { randomBytes } from 'node:crypto';

/**
 * The id of one interaction, shown to the person on failure and on every log line of it: the
 * HTTP request id (context.requestId) when there is one, so a ref leads to the request's log too.
 */
export function refOf(context: object): string {
  const id = 'requestId' in context ? context.requestId : undefined;
  return typeof id === 'string' && /^[A-Za-z0-9._-]{6,64}$/.test(id) ? id : randomBytes(5).toString('hex');
}
