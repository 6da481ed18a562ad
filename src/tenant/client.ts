import { type Dispatcher, getGlobalDispatcher, Pool } from 'undici';
import type { z } from 'zod';
import type { TenantAuthConfig } from '../config.js';
import { type ApiError, isApiError } from '../errors.js';
import { createTokenProvider, type TokenProvider } from './auth.js';
import { badResponse, exchange, type OutgoingRequest, statusError, transportError } from './http.js';
import { DEFAULT_RETRY, isRetryable, type RetryOptions, retryDelay } from './retry.js';

export interface TenantRequest<S extends z.ZodType> {
  /** A name for logs, metrics and errors, e.g. `updateFindingState`. */
  operation: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Already encoded path under the base URL, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: S;
  /** Safe to send again after any failure (reads, searches). State changes are not. */
  idempotent: boolean;
}

export interface TenantClientOptions {
  baseUrl: string;
  auth: TenantAuthConfig | TokenProvider;
  /** An undici dispatcher (tests inject one); by default a keep-alive Pool on the base URL. */
  dispatcher?: Dispatcher;
  connectTimeoutMs?: number;
  /** Deadline for one whole exchange, headers and body. */
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
  retry?: Partial<RetryOptions>;
  now?: () => number;
  /** Metrics hooks: each exchange with its outcome, and each token request. */
  observer?: TenantObserver;
}

export interface TenantObserver {
  /** `status` is the HTTP status, or `timeout` / `network` when there was none. */
  request?(operation: string, status: string, seconds: number): void;
  tokenRequest?(): void;
}

/** Campaigns with thousands of entitlements are a few MB; anything far beyond is not an answer. */
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

function isTokenProvider(auth: TenantAuthConfig | TokenProvider): auth is TokenProvider {
  return 'getToken' in auth;
}

/**
 * The tenant API over one pooled keep-alive connection set. Knows HTTP, auth and the retry rules,
 * nothing of Slack. Every answer is validated with the caller's schema.
 */
export class TenantClient {
  readonly #opts: TenantClientOptions;
  readonly baseUrl: string;
  readonly auth: TokenProvider;
  readonly retry: RetryOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #now: () => number;
  readonly #observer: TenantObserver | undefined;

  constructor(opts: TenantClientOptions) {
    this.#opts = opts;
    this.#observer = opts.observer;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.#timeoutMs = opts.requestTimeoutMs ?? 15_000;
    this.#maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#now = opts.now ?? Date.now;
    this.#ownsDispatcher = opts.dispatcher === undefined;
    this.#dispatcher =
      opts.dispatcher ??
      new Pool(new URL(this.baseUrl).origin, {
        connections: 32,
        connect: { timeout: opts.connectTimeoutMs ?? 5_000 },
        keepAliveTimeout: 30_000,
      });
    this.auth = isTokenProvider(opts.auth)
      ? opts.auth
      : createTokenProvider(opts.auth, {
          baseUrl: this.baseUrl,
          dispatcher: this.#dispatcher,
          timeoutMs: this.#timeoutMs,
          retry: this.retry,
          now: this.#now,
          ...(opts.observer?.tokenRequest ? { onTokenRequest: opts.observer.tokenRequest } : {}),
        });
  }

  /** Sends a request with auth and the retry rules, and returns the validated answer. */
  async request<S extends z.ZodType>(req: TenantRequest<S>): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#send(req);
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error, req.idempotent)) throw error;
        const delay = retryDelay(error, attempt, this.retry);
        if (delay === undefined) throw error;
        await this.retry.sleep(delay);
      }
    }
  }

  /** Waits the backoff for retry number `attempt` (for callers with their own retry loop). */
  backoff(error: ApiError, attempt: number): Promise<boolean> {
    const delay = retryDelay(error, attempt, this.retry);
    if (delay === undefined) return Promise.resolve(false);
    return this.retry.sleep(delay).then(() => true);
  }

  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  /**
   * The same tenant, pool, timeouts, retry rules and metrics, authenticated otherwise: as a
   * person's own credential (a device flow's token, their personal client). Closing it leaves the
   * shared pool open.
   */
  withAuth(auth: TenantAuthConfig | TokenProvider): TenantClient {
    return new TenantClient({ ...this.#opts, auth, dispatcher: this.#dispatcher });
  }

  /**
   * A file the tenant links to (a report's time-limited `downloadUrl`: the link is the credential,
   * so no bearer token goes with it). Only from the tenant itself or over https: a link to anywhere
   * else is refused, not fetched. At most 16 MB.
   */
  async download(operation: string, link: string): Promise<string> {
    const url = new URL(link);
    const own = url.origin === new URL(this.baseUrl).origin;
    const out: OutgoingRequest = {
      operation,
      method: 'GET',
      url: link,
      headers: { accept: 'text/csv, application/json, */*' },
      timeoutMs: this.#timeoutMs,
      maxResponseBytes: 16 * 1024 * 1024,
    };
    // The link's query is its credential: errors and logs name the path only.
    const shown = { ...out, url: `${url.origin}${url.pathname}` };
    if (!own && url.protocol !== 'https:')
      throw badResponse(shown, 'a download link that is neither the tenant’s nor https');
    let res: Awaited<ReturnType<typeof exchange>>;
    try {
      res = own ? await exchange(this.#dispatcher, out) : await exchange(getGlobalDispatcher(), out);
    } catch (error) {
      throw transportError(shown, error);
    }
    if (res.status < 200 || res.status >= 300) throw statusError(shown, res, this.#now());
    return res.text;
  }

  /**
   * A form POST without a bearer token (OAuth endpoints: RFC 8628's device authorization and its
   * token polls), answered with the status and the JSON body (undefined when not JSON). Not
   * retried: each poll is its own decision, and the caller reads OAuth's errors itself.
   */
  async postForm(
    operation: string,
    path: string,
    form: Record<string, string>,
  ): Promise<{ status: number; json: unknown }> {
    const res = await this.#exchange({
      operation,
      method: 'POST',
      url: `${this.baseUrl}${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      timeoutMs: this.#timeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  }

  #url(path: string, query: TenantRequest<z.ZodType>['query']): string {
    const url = `${this.baseUrl}${path}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return qs ? `${url}?${qs}` : url;
  }

  /** One exchange, observed for the latency metric. */
  async #exchange(out: OutgoingRequest) {
    const started = performance.now();
    try {
      const res = await exchange(this.#dispatcher, out);
      this.#observer?.request?.(out.operation, String(res.status), (performance.now() - started) / 1_000);
      return res;
    } catch (error) {
      const status = isApiError(error) && error.kind === 'timeout' ? 'timeout' : 'network';
      this.#observer?.request?.(out.operation, status, (performance.now() - started) / 1_000);
      throw error;
    }
  }

  /** One logical send: at most two exchanges, the second after a 401 with a fresh token. */
  async #send<S extends z.ZodType>(req: TenantRequest<S>): Promise<z.output<S>> {
    const out: OutgoingRequest = {
      operation: req.operation,
      method: req.method,
      url: this.#url(req.path, req.query),
      headers: { accept: 'application/json' },
      timeoutMs: this.#timeoutMs,
      maxResponseBytes: this.#maxResponseBytes,
    };
    if (req.body !== undefined) {
      out.headers['content-type'] = 'application/json';
      out.body = JSON.stringify(req.body);
    }
    let token = await this.auth.getToken();
    let res = await this.#exchange({
      ...out,
      headers: { ...out.headers, authorization: `Bearer ${token}` },
    });
    // A 401 means the tenant did not act; refresh once and repeat once.
    if (res.status === 401 && this.auth.invalidate(token)) {
      token = await this.auth.getToken();
      res = await this.#exchange({
        ...out,
        headers: { ...out.headers, authorization: `Bearer ${token}` },
      });
    }
    if (res.status < 200 || res.status >= 300) throw statusError(out, res, this.#now());
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch (error) {
      throw badResponse(out, `HTTP ${res.status} with a body that is not JSON`, error);
    }
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid';
      throw badResponse(out, `answer does not match the spec at ${where}`, parsed.error);
    }
    return parsed.data;
  }
}
