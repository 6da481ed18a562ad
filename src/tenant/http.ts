import { type Dispatcher, request } from 'undici';
import { ApiError, type ApiErrorKind, type RedactedRequest } from '../errors.js';
import { ServerErrorSchema } from '../model/envelopes.js';

/** Whether the tenant acted on a request that failed: decides if a state change may be repeated. */
export type Processed = 'no' | 'maybe' | 'yes';

export interface OutgoingRequest {
  operation: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface IncomingResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const REDACTED = '[redacted]';
const SECRET_FORM_FIELDS = new Set(['client_secret', 'client_assertion', 'device_code']);
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'dpop']);
const EMAIL = /[^\s"'<>()@,;:\\]+@[^\s"'<>()@,;:\\]+\.[A-Za-z]{2,}/g;

/** The request as it may be logged: no Authorization, no client secret, no assertion, no email. */
export function redactRequest(req: OutgoingRequest): RedactedRequest {
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : v]),
  );
  const redacted: RedactedRequest = { method: req.method, url: req.url, headers };
  if (req.body === undefined) return redacted;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(req.body);
    for (const key of form.keys()) if (SECRET_FORM_FIELDS.has(key)) form.set(key, REDACTED);
    redacted.body = form.toString().replaceAll('%5Bredacted%5D', REDACTED);
  } else {
    // A reason carries who acted in Slack, email included (attribution): never into a log.
    const body = req.body.replace(EMAIL, '[email]');
    redacted.body = body.length > 2_000 ? `${body.slice(0, 2_000)}…` : body;
  }
  return redacted;
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    if (e.name === 'TimeoutError') return 'TIMEOUT';
  }
  return undefined;
}

// Failures where the request provably never reached the tenant's handler.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const TIMEOUTS = new Set([
  'TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Maps a transport failure (no HTTP status) to an ApiError. */
export function transportError(req: OutgoingRequest, cause: unknown): ApiError {
  const code = errorCode(cause) ?? 'UNKNOWN';
  const isTimeout = TIMEOUTS.has(code);
  const processed: Processed = NOT_SENT.has(code) ? 'no' : 'maybe';
  const message = isTimeout
    ? `The tenant did not answer ${req.operation} within ${req.timeoutMs} ms.`
    : `Could not reach the tenant for ${req.operation} (${code}).`;
  return new ApiError(
    `${message} Try again in a moment; if it persists, check TENANT_BASE_URL and the tenant's status.`,
    {
      kind: isTimeout ? 'timeout' : 'unavailable',
      operation: req.operation,
      request: redactRequest(req),
      processed,
      cause,
    },
  );
}

const STATUS_KIND: Record<number, ApiErrorKind> = {
  400: 'invalid',
  401: 'auth',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  412: 'invalid',
  422: 'invalid',
  429: 'rate_limited',
};

const KIND_ADVICE: Record<ApiErrorKind, string> = {
  invalid: 'The tenant refused the request as invalid.',
  auth: "The tenant did not accept Warden's credentials; check TENANT_CLIENT_ID/TENANT_CLIENT_SECRET or TENANT_ACCESS_TOKEN.",
  permission_denied: "Warden's tenant credentials are not allowed to do this; grant the role in the tenant.",
  not_found: 'The tenant has no such resource.',
  conflict: 'The resource changed meanwhile; reload it and try again.',
  rate_limited: 'The tenant is rate limiting Warden; try again shortly.',
  unavailable: 'The tenant is unavailable; try again in a moment.',
  timeout: 'The tenant did not answer in time; try again in a moment.',
  bad_response: 'The tenant sent an answer Warden cannot read.',
};

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date). */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - nowMs) / 1_000)) : undefined;
}

/** The tenant's own words: `message` of a `{code, message, details}` body, else the text. */
function serverWords(text: string): { message?: string; code?: string } {
  try {
    const parsed = ServerErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.message) {
      const code = parsed.data.code;
      return {
        message: parsed.data.message.slice(0, 1_000),
        ...(code == null ? {} : { code: String(code) }),
      };
    }
  } catch {
    // not JSON: fall through to the text
  }
  const trimmed = text.trim();
  return trimmed ? { message: trimmed.slice(0, 500) } : {};
}

/** Maps a non-2xx answer to an ApiError. */
export function statusError(req: OutgoingRequest, res: IncomingResponse, nowMs: number): ApiError {
  const kind: ApiErrorKind = STATUS_KIND[res.status] ?? (res.status >= 500 ? 'unavailable' : 'invalid');
  // 429 and 503 say the tenant refused before acting; other 5xx leave the outcome open.
  const processed: Processed =
    res.status === 429 || res.status === 503 ? 'no' : res.status >= 500 ? 'maybe' : 'yes';
  const words = serverWords(res.text);
  const retryAfter = parseRetryAfter(res.headers['retry-after'], nowMs);
  const said = words.message ? ` The tenant said: "${words.message}"` : '';
  return new ApiError(`${KIND_ADVICE[kind]} (${req.operation}: HTTP ${res.status})${said}`, {
    kind,
    operation: req.operation,
    status: res.status,
    request: redactRequest(req),
    processed,
    ...(words.message === undefined ? {} : { serverMessage: words.message }),
    ...(words.code === undefined ? {} : { serverCode: words.code }),
    ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
  });
}

export function badResponse(req: OutgoingRequest, why: string, cause?: unknown): ApiError {
  return new ApiError(`${KIND_ADVICE.bad_response} (${req.operation}: ${why})`, {
    kind: 'bad_response',
    operation: req.operation,
    request: redactRequest(req),
    processed: 'yes',
    cause,
  });
}

async function readLimited(
  body: Dispatcher.ResponseData['body'],
  limit: number,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > limit) {
      body.destroy();
      return undefined;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One HTTP exchange, no retries. Throws an ApiError for transport failures and oversized bodies. */
export async function exchange(dispatcher: Dispatcher, req: OutgoingRequest): Promise<IncomingResponse> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(req.url, {
      dispatcher,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      // One deadline for the whole exchange, headers and body included.
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (error) {
    throw transportError(req, error);
  }
  let text: string | undefined;
  try {
    text = await readLimited(res.body, req.maxResponseBytes);
  } catch (error) {
    throw transportError(req, error);
  }
  if (text === undefined) throw badResponse(req, `answer larger than ${req.maxResponseBytes} bytes`);
  return { status: res.statusCode, headers: res.headers, text };
}
