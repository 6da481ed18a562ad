/**
 * Coded errors. Every error Warden raises carries a stable string `code` (what callers branch
 * on) and keeps its `cause`. Messages are written for the person reading them and say what
 * to do next; they never contain a secret.
 */

export const ErrorCode = {
  config: 'config_invalid',
  api: 'tenant_api_error',
  invalidInput: 'invalid_input',
  slack: 'slack_api_error',
  startup: 'startup_check_failed',
  store: 'store_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class WardenError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }
}

/** One bad setting: the key, and what is wrong with it. Never the value. */
export interface ConfigIssue {
  key: string;
  problem: string;
}

export class ConfigError extends WardenError {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(
      ErrorCode.config,
      `Invalid configuration (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${issues
        .map((i) => `  - ${i.key}: ${i.problem}`)
        .join('\n')}`,
    );
    this.issues = issues;
  }
}

/**
 * A setting that only trying it shows to be wrong (Slack refuses the bot token, Slack cannot be
 * reached): Warden does not start. The message is one line, for the operator; exit code 2.
 */
export class StartupError extends WardenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.startup, message, options);
  }
}

/** Input a person or a caller gave that Warden refuses before any request is made. */
export class InvalidInputError extends WardenError {
  readonly field: string;

  constructor(field: string, message: string) {
    super(ErrorCode.invalidInput, message);
    this.field = field;
  }
}

export const ApiErrorKind = {
  notFound: 'not_found',
  permissionDenied: 'permission_denied',
  invalid: 'invalid',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  timeout: 'timeout',
  auth: 'auth',
  /** The tenant answered 2xx with a body that is not what the spec describes. */
  badResponse: 'bad_response',
} as const;
export type ApiErrorKind = (typeof ApiErrorKind)[keyof typeof ApiErrorKind];

/** The request behind an error, safe to log: no Authorization, no secret, no assertion. */
export interface RedactedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  operation: string;
  status?: number;
  /** The tenant's own message (`message` of a `{code, message, details}` body, or its text). */
  serverMessage?: string;
  /** The tenant's `code` / OAuth `error`, when it sent one. */
  serverCode?: string;
  request?: RedactedRequest;
  /** Seconds the tenant asked us to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
  /**
   * Whether the tenant acted on the request: 'no' when it provably did not (connection refused,
   * 429, 503), 'maybe' after an ambiguous failure (timeout, reset, 500/502/504), 'yes' when it
   * answered (a refusal included). A state change may be repeated blindly only after 'no'.
   */
  processed: 'no' | 'maybe' | 'yes';
  cause?: unknown;
}

export class ApiError extends WardenError {
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly serverCode: string | undefined;
  readonly request: RedactedRequest | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly processed: 'no' | 'maybe' | 'yes';

  constructor(message: string, details: ApiErrorDetails) {
    super(ErrorCode.api, message, { cause: details.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.serverCode = details.serverCode;
    this.request = details.request;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.processed = details.processed;
  }

  /** A log-safe summary (the request is already redacted). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      kind: this.kind,
      operation: this.operation,
      status: this.status,
      message: this.message,
      serverMessage: this.serverMessage,
      serverCode: this.serverCode,
      request: this.request,
      retryAfterSeconds: this.retryAfterSeconds,
      processed: this.processed,
    };
  }
}

/**
 * The `operation` of an ApiError raised after the tenant confirmed a state change without
 * returning the finding, when reading it back failed: the change is made, only showing it is not.
 */
export const READ_BACK_AFTER_CHANGE = 'readBackAfterChange';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * How a failed Slack Web API call affects what comes next: wait what Slack asked (429), try
 * again later (5xx, network), or stop and let a person look (errors repeating cannot fix).
 */
export type SlackFailureKind = 'rate_limited' | 'transient' | 'permanent';

/** A Slack Web API call that failed, mapped once (slack/slack-errors.ts) for every caller. */
export class SlackApiError extends WardenError {
  readonly method: string;
  /** Slack's `error` (`channel_not_found`, `ratelimited`, …) or `http_error` / `request_error`. */
  readonly slackCode: string;
  readonly failure: SlackFailureKind;
  /** What Slack's Retry-After asked for, on a 429. */
  readonly retryAfterMs: number | undefined;
  /** Warden is not in the channel (or cannot see it): inviting it fixes this. */
  readonly notInChannel: boolean;

  constructor(
    method: string,
    slackCode: string,
    failure: SlackFailureKind,
    options: { retryAfterMs?: number | undefined; notInChannel?: boolean; cause?: unknown } = {},
  ) {
    super(ErrorCode.slack, `Slack ${method} failed: ${slackCode}`, { cause: options.cause });
    this.method = method;
    this.slackCode = slackCode;
    this.failure = failure;
    this.retryAfterMs = options.retryAfterMs;
    this.notInChannel = options.notInChannel === true;
  }
}

export function isSlackApiError(error: unknown): error is SlackApiError {
  return error instanceof SlackApiError;
}

/**
 * The store did not take a statement for a reason that passes by itself: PostgreSQL out of
 * reach, restarting or failing over, a connection cut; SQLite locked, read-only or full. Callers
 * pause, answer 503 or tell the person; nothing exits. `scope` says what still works: nothing
 * (`connection`), or reads but not writes (`writes`).
 */
export class StoreUnavailableError extends WardenError {
  readonly reason: string;
  readonly scope: 'connection' | 'writes';

  constructor(reason: string, scope: 'connection' | 'writes', options?: { cause?: unknown }) {
    super(ErrorCode.store, `the store did not answer: ${reason}`, options);
    this.reason = reason;
    this.scope = scope;
  }
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}
