import type { z } from 'zod';
import { ApiError } from '../errors.js';
import { PageSchema } from '../model/envelopes.js';
import type { TenantClient } from './client.js';

export const PAGE_SIZE_MIN = 10;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 25;

/** The spec's limits: below 10 the tenant answers 10, above 100 it answers 100. */
export function clampPageSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return PAGE_SIZE_DEFAULT;
  return Math.min(PAGE_SIZE_MAX, Math.max(PAGE_SIZE_MIN, Math.trunc(size)));
}

export interface PageRequest<S extends z.ZodType> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  /** GET: extra query parameters. */
  query?: Record<string, string | number | undefined>;
  /** POST: the filters; the pager adds `page_size` / `page_token`. */
  body?: Record<string, unknown>;
  item: S;
  pageSize?: number;
  /** Stop after this many items (fewer requests, not just a shorter result). */
  limit?: number;
  /**
   * An item the schema cannot read: given here (with the reason) and skipped, so one bad item
   * does not stop the walk. Without it, such an item is an error.
   */
  onUnreadable?: (raw: unknown, reason: string) => void | Promise<void>;
  /**
   * Ask for the next page as soon as this one's token is known, while its items are read: the
   * tenant's answer and Warden's reading overlap (a long walk, like the SLA report's). At most
   * one page more than the caller reads is requested.
   */
  readAhead?: boolean;
}

/**
 * Walks a list or search operation page by page (spec: paging convention): `page_size` and
 * `page_token` in the query for GET and in the body for POST; the first request sends no token;
 * an empty `nextPageToken` ends it. A token the server already returned is a loop: refused with
 * an error rather than followed forever.
 */
export async function* paginate<S extends z.ZodType>(
  client: TenantClient,
  req: PageRequest<S>,
): AsyncGenerator<z.output<S>, void, undefined> {
  const pageSize = clampPageSize(req.pageSize);
  const limit = req.limit ?? Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  let yielded = 0;
  if (limit <= 0) return;
  const fetchPage = (pageToken: string | undefined) => {
    const paging = { page_size: pageSize, ...(pageToken ? { page_token: pageToken } : {}) };
    return client.request({
      operation: req.operation,
      method: req.method,
      path: req.path,
      schema: PageSchema,
      idempotent: true,
      ...(req.method === 'GET'
        ? { query: { ...req.query, ...paging } }
        : { body: { ...req.body, ...paging } }),
    });
  };
  let pending = fetchPage(undefined);
  for (let page = 1; ; page++) {
    const answer = await pending;
    const next = answer.nextPageToken ?? '';
    const loops = seen.has(next);
    if (next !== '' && !loops && req.readAhead) {
      pending = fetchPage(next);
      // its failure is thrown where it is awaited; a walk stopped early never awaits it
      pending.catch(() => undefined);
    }
    const items = answer.list ?? [];
    for (const [index, raw] of items.entries()) {
      const parsed = req.item.safeParse(raw);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        if (req.onUnreadable) {
          await req.onUnreadable(raw, first ? `${first.path.join('.')}: ${first.message}` : 'invalid');
          continue;
        }
        throw new ApiError(
          `The tenant sent an item Warden cannot read (${req.operation}, page ${page}, item ${index + 1}: ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}).`,
          { kind: 'bad_response', operation: req.operation, processed: 'yes', cause: parsed.error },
        );
      }
      yield parsed.data;
      if (++yielded >= limit) return;
    }
    if (next === '') return;
    if (loops) {
      throw new ApiError(
        `The tenant returned a page token it had already returned (${req.operation}, page ${page}): its paging loops, so Warden stopped after ${yielded} items.`,
        { kind: 'bad_response', operation: req.operation, processed: 'yes' },
      );
    }
    seen.add(next);
    if (!req.readAhead) pending = fetchPage(next);
  }
}

/** Gathers a pager into an array, stopping early at `limit`. */
export async function gather<T>(pages: AsyncIterable<T>, limit = Number.POSITIVE_INFINITY): Promise<T[]> {
  const out: T[] = [];
  if (limit <= 0) return out;
  for await (const item of pages) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
