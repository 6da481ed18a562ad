import { createHash } from 'node:crypto';
import { type Answer, grpcError, isObject } from './answer.js';

/** The paging convention of list and search operations (tenant-api.md), as the tenant applies it. */

const PAGING_KEYS = new Set(['page_size', 'pageSize', 'page_token', 'pageToken']);

/** The spec's paging limits: 10..100, default 25. */
export function pageSizeOf(raw: unknown): number {
  const n = typeof raw === 'string' ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return 25;
  return Math.min(100, Math.max(10, Math.trunc(n)));
}

/** Opaque page tokens: the offset and a digest of the filters they belong to. */
function encodePageToken(offset: number, filterKey: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: filterKey })).toString('base64url');
}

function decodePageToken(token: string, filterKey: string): number | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (isObject(decoded) && typeof decoded.o === 'number' && decoded.f === filterKey) return decoded.o;
  } catch {
    // fall through
  }
  return undefined;
}

/** The request's filters: everything but the paging fields (both spellings, api-facts.md). */
export function filtersOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !PAGING_KEYS.has(k)));
}

/** The filter digest a page token carries (a token made for other filters is refused). */
function filterKeyOf(body: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(filtersOf(body)))
    .digest('base64url')
    .slice(0, 12);
}

/**
 * One page by position, for a collection whose items keep their positions (none removed, new ones
 * at the end): `pick(i)` is the item at position i when it matches the filters. The token is the
 * position after the page's last item, so a page costs the items it walks past, not the whole
 * collection again.
 */
export function positionPage<T>(
  length: number,
  pick: (i: number) => T | undefined,
  body: Record<string, unknown>,
): Answer {
  const size = pageSizeOf(body.page_size ?? body.pageSize);
  const token = body.page_token ?? body.pageToken;
  const filterKey = filterKeyOf(body);
  let i = 0;
  if (typeof token === 'string' && token !== '') {
    const decoded = decodePageToken(token, filterKey);
    if (decoded === undefined) return grpcError(400, 3, 'invalid page_token');
    i = decoded;
  }
  const list: T[] = [];
  let next = '';
  for (; i < length; i++) {
    const item = pick(i);
    if (item === undefined) continue;
    if (list.length === size) {
      next = encodePageToken(i, filterKey);
      break;
    }
    list.push(item);
  }
  return { status: 200, body: { list, nextPageToken: next } };
}

/**
 * One page of `all` for a POST body (`page_size`/`pageSize`, `page_token`/`pageToken`), with the
 * next token when more remain. A token made for other filters is refused.
 */
export function pageOf<T>(
  all: readonly T[],
  body: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Answer {
  const size = pageSizeOf(body.page_size ?? body.pageSize);
  const token = body.page_token ?? body.pageToken;
  const filterKey = filterKeyOf(body);
  let offset = 0;
  if (typeof token === 'string' && token !== '') {
    const decoded = decodePageToken(token, filterKey);
    if (decoded === undefined) return grpcError(400, 3, 'invalid page_token');
    offset = decoded;
  }
  const list = all.slice(offset, offset + size);
  const next = offset + size < all.length ? encodePageToken(offset + size, filterKey) : '';
  return { status: 200, body: { list, nextPageToken: next, ...extra } };
}
