import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';

/**
 * Verifies the tenant's finding-dispatch webhook (api-facts.md): `Authorization: Bearer <JWT>`
 * signed by the tenant, checked against `{base_url}/auth/v1/jwks` (keys cached; an unknown `kid`
 * refetches the set). The claims bind the token to this delivery: `iss` the tenant host, `aud`
 * our host, `htu` our URL, `htm` POST, `htb_s256` the SHA-256 of the exact body, `c1typ` wh,
 * a lifetime of minutes.
 */

export type WebhookVerdict =
  | { ok: true; jti: string | undefined; expiresAt: number }
  /** `unavailable`: the tenant's keys could not be fetched, so the token was not judged (answer 503). */
  | { ok: false; reason: string; unavailable?: boolean };

/** The JWKS could not be had (unreachable, slow, not 200, not JSON): nothing is known of the token. */
class KeysUnavailable extends Error {}

/** Errors that say something about the token (its kid, its alg), not about reaching the keys. */
function isAboutTheToken(error: unknown): boolean {
  return (
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWKSMultipleMatchingKeys ||
    error instanceof joseErrors.JOSENotSupported ||
    error instanceof joseErrors.JWSInvalid
  );
}

export interface TenantWebhookVerifierOptions {
  tenantBaseUrl: string;
  /** Where the tenant is told to deliver: the `htu` it signs. */
  receiverUrl: string;
  now?: () => number;
  /**
   * After a JWKS fetch, how long an unknown `kid` waits before the set is fetched again: a
   * flood of tokens with random kids cannot turn into a flood of requests to the tenant.
   */
  jwksCooldownMs?: number;
}

const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'PS256'];

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createTenantWebhookVerifier(opts: TenantWebhookVerifierOptions) {
  const tenant = new URL(opts.tenantBaseUrl);
  const receiver = new URL(opts.receiverUrl);
  const jwks = createRemoteJWKSet(new URL(`${opts.tenantBaseUrl}/auth/v1/jwks`), {
    timeoutDuration: 5_000,
    // a key seen once is kept; an unknown kid refetches, at most once per cooldown
    cooldownDuration: opts.jwksCooldownMs ?? 10_000,
    cacheMaxAge: 10 * 60_000,
  });
  const now = opts.now ?? Date.now;
  // A fetch of the keys that fails is told apart from a token the keys refuse: the first means
  // "retry later" (503, the tenant redelivers), only the second means a bad token (401, dropped).
  const keys: typeof jwks = Object.assign(async (...args: Parameters<typeof jwks>) => {
    try {
      return await jwks(...args);
    } catch (error) {
      throw isAboutTheToken(error) ? error : new KeysUnavailable('tenant keys unavailable', { cause: error });
    }
  }, jwks);

  return async function verify(authorization: string | undefined, rawBody: Buffer): Promise<WebhookVerdict> {
    const token = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization ?? '')?.[1];
    if (!token) return { ok: false, reason: 'no bearer token' };
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(token, keys, {
        algorithms: ALGORITHMS,
        issuer: [tenant.host, tenant.hostname, `${tenant.protocol}//${tenant.host}`],
        audience: [receiver.host, receiver.hostname],
        currentDate: new Date(now()),
        clockTolerance: 30,
        maxTokenAge: '5m',
        requiredClaims: ['exp', 'iat', 'htb_s256'],
      });
      payload = verified.payload;
    } catch (error) {
      if (error instanceof KeysUnavailable)
        return { ok: false, reason: 'tenant keys unavailable; retry later', unavailable: true };
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token expired' };
      if (error instanceof joseErrors.JWKSNoMatchingKey)
        return { ok: false, reason: 'no tenant key matches the token' };
      if (error instanceof joseErrors.JOSEError)
        return { ok: false, reason: `token refused (${error.code})` };
      return { ok: false, reason: 'token refused' };
    }
    if (payload.c1typ !== 'wh') return { ok: false, reason: 'not a webhook token (c1typ)' };
    if (payload.htm !== 'POST') return { ok: false, reason: 'token is for another method (htm)' };
    if (typeof payload.htu !== 'string' || !sameText(payload.htu, receiver.toString())) {
      return { ok: false, reason: 'token is for another URL (htu)' };
    }
    const digest = createHash('sha256').update(rawBody).digest('base64');
    if (typeof payload.htb_s256 !== 'string' || !sameText(payload.htb_s256, digest)) {
      return { ok: false, reason: 'body does not match the signed hash (htb_s256)' };
    }
    return {
      ok: true,
      jti: typeof payload.jti === 'string' ? payload.jti : undefined,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1_000 : now() + 5 * 60_000,
    };
  };
}

export type TenantWebhookVerifier = ReturnType<typeof createTenantWebhookVerifier>;
