import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { TenantAuthConfig } from '../config.js';
import { ApiError, isApiError } from '../errors.js';
import { OAuthErrorSchema, TokenResponseSchema } from '../model/envelopes.js';
import type { Secret } from '../secret.js';
import { badResponse, exchange, type OutgoingRequest, statusError } from './http.js';
import { isRetryable, type RetryOptions, retryDelay } from './retry.js';

/** Hands out a bearer token for the tenant API. */
export interface TokenProvider {
  getToken(): Promise<string>;
  /**
   * The tenant refused `token` (401). Forgets it if it is the cached one and says whether a
   * fresh one can be had (false for a static token: asking again would get the same one).
   */
  invalidate(token: string): boolean;
}

export class StaticTokenProvider implements TokenProvider {
  readonly #token: Secret;
  constructor(token: Secret) {
    this.#token = token;
  }
  getToken(): Promise<string> {
    return Promise.resolve(this.#token.reveal());
  }
  invalidate(): boolean {
    return false;
  }
}

const SECRET_TOKEN_PREFIX = /^secret-token:[^:]+:v1:/;
const Ed25519JwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().min(1),
  d: z.string().min(1),
});

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Reads a `secret-token:<issuer>:v1:<base64url JWK>` client secret (api-facts.md) into an
 * Ed25519 signing key. Returns undefined for a plain secret. The error never quotes the secret.
 */
export async function parseAssertionKey(secret: Secret): Promise<SigningKey | undefined> {
  const value = secret.reveal();
  if (!SECRET_TOKEN_PREFIX.test(value)) return undefined;
  const encoded = value.replace(SECRET_TOKEN_PREFIX, '');
  let jwk: z.output<typeof Ed25519JwkSchema>;
  try {
    jwk = Ed25519JwkSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
  } catch {
    throw new ApiError(
      'TENANT_CLIENT_SECRET looks like a signed-assertion secret (secret-token:…:v1:…) but does not hold an Ed25519 private key. Copy the whole secret again from the tenant.',
      { kind: 'auth', operation: 'token', processed: 'no' },
    );
  }
  return importJWK(jwk, 'EdDSA');
}

export interface ClientCredentialsOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: Secret;
  dispatcher: Dispatcher;
  timeoutMs: number;
  retry: RetryOptions;
  now: () => number;
  onTokenRequest?: () => void;
}

interface CachedToken {
  token: string;
  /** When we stop using it: the tenant's expiry minus a safety margin. */
  refreshAt: number;
}

const DEFAULT_LIFETIME_S = 300;

/**
 * OAuth 2.0 client credentials at `{base_url}/auth/v1/token`, with the plain secret or, when the
 * secret has the `secret-token:…:v1:` form, an Ed25519-signed client assertion (the secret never
 * leaves the machine). The token is cached until shortly before `expires_in`, and however many
 * callers ask at once, one token request is in flight.
 */
export class ClientCredentialsTokenProvider implements TokenProvider {
  readonly #opts: ClientCredentialsOptions;
  readonly #audience: string;
  #key: Promise<SigningKey | undefined> | undefined;
  #cached: CachedToken | undefined;
  #inflight: Promise<string> | undefined;

  constructor(opts: ClientCredentialsOptions) {
    this.#opts = opts;
    this.#audience = new URL(opts.baseUrl).hostname;
  }

  getToken(): Promise<string> {
    const cached = this.#cached;
    if (cached && this.#opts.now() < cached.refreshAt) return Promise.resolve(cached.token);
    this.#inflight ??= this.#fetchToken().finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  invalidate(token: string): boolean {
    if (this.#cached?.token === token) this.#cached = undefined;
    return true;
  }

  async #formBody(): Promise<string> {
    const { clientId, clientSecret, now } = this.#opts;
    // The key is parsed once; only the short-lived assertion is made per token request.
    this.#key ??= parseAssertionKey(clientSecret);
    const key = await this.#key;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId });
    if (!key) {
      form.set('client_secret', clientSecret.reveal());
      return form.toString();
    }
    const iat = Math.floor(now() / 1_000);
    // As the vendor's own clients sign it (api-facts.md): a random 16-byte nonce in the protected
    // header, and `aud` as one string, the tenant host without its port.
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', nonce: randomBytes(16).toString('base64url') })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(this.#audience)
      .setIssuedAt(iat)
      .setNotBefore(iat - 120)
      .setExpirationTime(iat + 120)
      .sign(key);
    form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    form.set('client_assertion', assertion);
    return form.toString();
  }

  async #fetchToken(): Promise<string> {
    const { retry } = this.#opts;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#requestToken();
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error, true)) throw error;
        const delay = retryDelay(error, attempt, retry);
        if (delay === undefined) throw error;
        await retry.sleep(delay);
      }
    }
  }

  async #requestToken(): Promise<string> {
    const req: OutgoingRequest = {
      operation: 'token',
      method: 'POST',
      url: `${this.#opts.baseUrl}/auth/v1/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: await this.#formBody(),
      timeoutMs: this.#opts.timeoutMs,
      maxResponseBytes: 64 * 1024,
    };
    this.#opts.onTokenRequest?.();
    // Lifetime counts from when we asked: conservative by the round trip.
    const sentAt = this.#opts.now();
    const res = await exchange(this.#opts.dispatcher, req);
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      json = undefined;
    }
    if (res.status < 200 || res.status >= 300) {
      const oauth = OAuthErrorSchema.safeParse(json);
      if (!oauth.success || res.status >= 500 || res.status === 429) throw statusError(req, res, sentAt);
      const { error, error_description: description } = oauth.data;
      throw new ApiError(
        `The tenant refused Warden's token request (${error}${description ? `: ${description}` : ''}). Check TENANT_CLIENT_ID and TENANT_CLIENT_SECRET.`,
        {
          kind: 'auth',
          operation: 'token',
          status: res.status,
          serverCode: error,
          processed: 'yes',
          ...(description ? { serverMessage: description } : {}),
        },
      );
    }
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) throw badResponse(req, 'token answer without access_token');
    const { access_token: raw, token_type: type, expires_in: expiresIn } = parsed.data;
    if (type && type.toLowerCase() === 'dpop') {
      throw new ApiError(
        'The tenant issued a DPoP (proof-of-possession) token, which Warden does not support. Use a client without DPoP binding.',
        { kind: 'auth', operation: 'token', status: res.status, processed: 'yes' },
      );
    }
    // Some tenants prefix the token itself with its type.
    const token = raw.replace(/^bearer\s+/i, '');
    const lifetimeMs = (expiresIn && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S) * 1_000;
    // Refresh before expiry: a tenth of the lifetime, at most a minute, so clock skew and the
    // time a request spends in flight never present an expired token.
    const margin = Math.min(60_000, lifetimeMs / 10);
    this.#cached = { token, refreshAt: sentAt + lifetimeMs - margin };
    return token;
  }
}

export function createTokenProvider(
  auth: TenantAuthConfig,
  deps: Omit<ClientCredentialsOptions, 'clientId' | 'clientSecret'>,
): TokenProvider {
  if (auth.kind === 'static') return new StaticTokenProvider(auth.accessToken);
  return new ClientCredentialsTokenProvider({
    ...deps,
    clientId: auth.clientId,
    clientSecret: auth.clientSecret,
  });
}
