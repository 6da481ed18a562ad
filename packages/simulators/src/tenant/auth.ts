import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Answer } from './answer.js';
import type { DeviceFlow } from './device-flow.js';
import type { PersonalClients } from './personal-clients.js';
import { type Principal, SERVICE_PRINCIPAL } from './principal.js';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface SandboxCredentials {
  /** Client id whose secret is sent in the body (plain form). */
  clientId: string;
  clientSecret: string;
  /** Client id whose secret is a `secret-token:…:v1:` Ed25519 key (signed assertion form). */
  assertionClientId: string;
  assertionClientSecret: string;
  /** A bearer token that never expires (TENANT_ACCESS_TOKEN). */
  staticToken: string;
  /** The public client a device authorization flow names (as `cone login` names its own). */
  deviceClientId: string;
}

export interface TokenOptions {
  /** Lifetime of issued tokens in seconds. */
  ttlSeconds: number;
  /** Answer `token_type: DPoP` (a client must refuse it). */
  tokenType?: string;
  /** Prefix the token with `bearer ` (a quirk clients strip). */
  prefixBearer?: boolean;
}

/** RFC 8628 §3.4: the device code grant. */
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** Credentials, tokens and signing keys of the sandbox tenant. */
export class TenantAuth {
  readonly credentials: SandboxCredentials;
  readonly host: string;
  readonly #assertionKey: KeyPair;
  #webhookKey: KeyPair;
  #webhookKid: string;
  readonly #retiredJwks: JWK[] = [];
  /** token -> its expiry (ms) and who it acts as */
  readonly #tokens = new Map<string, { expiry: number; principal: Principal }>();
  tokenRequests = 0;
  /** Set by the tenant: the device authorization flow and the personal clients it makes. */
  device: DeviceFlow | undefined;
  personal: PersonalClients | undefined;

  private constructor(
    host: string,
    credentials: SandboxCredentials,
    assertionKey: KeyPair,
    webhookKey: KeyPair,
  ) {
    this.host = host;
    this.credentials = credentials;
    this.#assertionKey = assertionKey;
    this.#webhookKey = webhookKey;
    this.#webhookKid = `wh-${randomBytes(4).toString('hex')}`;
  }

  static async create(host: string): Promise<TenantAuth> {
    const assertionKey = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const webhookKey = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(assertionKey.privateKey);
    const encoded = Buffer.from(
      JSON.stringify({ kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x, d: privateJwk.d }),
    ).toString('base64url');
    return new TenantAuth(
      host,
      {
        clientId: `warden@${host}/pcc`,
        clientSecret: `sandbox-${randomBytes(18).toString('base64url')}`,
        assertionClientId: `warden-signed@${host}/pcc`,
        assertionClientSecret: `secret-token:conductorone.com:v1:${encoded}`,
        staticToken: `sandbox-static-${randomBytes(18).toString('base64url')}`,
        deviceClientId: `device-cli@${host}/device`,
      },
      assertionKey,
      webhookKey,
    );
  }

  /** POST /auth/v1/token (form body, never HTTP Basic: api-facts.md). */
  async issueToken(contentType: string, rawBody: string, now: number, opts: TokenOptions): Promise<Answer> {
    this.tokenRequests++;
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(
        400,
        'invalid_request',
        'the token request must be application/x-www-form-urlencoded',
      );
    }
    const form = new URLSearchParams(rawBody);
    const grant = form.get('grant_type');
    const mint = (principal: Principal) => this.mint(principal, now, opts);
    if (grant === DEVICE_GRANT && this.device) return this.device.token(form, now, mint);
    if (grant !== 'client_credentials') {
      return oauthError(
        400,
        'unsupported_grant_type',
        'only client_credentials and device_code are supported',
      );
    }
    const clientId = form.get('client_id') ?? '';
    const { credentials: c } = this;
    const personal = this.personal?.byClientId(clientId);
    if (personal && this.personal) {
      const checked = await this.personal.verifyAssertion(personal, form, this.host, now);
      return 'refused' in checked ? checked.refused : mint(checked.principal);
    }
    if (clientId === c.clientId) {
      if (!sameSecret(form.get('client_secret') ?? '', c.clientSecret)) {
        return oauthError(401, 'invalid_client', 'client authentication failed');
      }
    } else if (clientId === c.assertionClientId) {
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
        return oauthError(400, 'invalid_request', 'client_assertion_type must be jwt-bearer');
      }
      try {
        const { payload } = await jwtVerify(
          form.get('client_assertion') ?? '',
          this.#assertionKey.publicKey,
          {
            issuer: clientId,
            subject: clientId,
            audience: this.host.replace(/:\d+$/, ''),
            algorithms: ['EdDSA'],
            currentDate: new Date(now),
            maxTokenAge: '5m',
          },
        );
        if (typeof payload.exp !== 'number' || payload.exp - now / 1_000 > 300) {
          return oauthError(401, 'invalid_client', 'assertion lifetime too long');
        }
      } catch (error) {
        return oauthError(
          401,
          'invalid_client',
          `client assertion rejected: ${error instanceof Error ? error.message : 'invalid'}`,
        );
      }
    } else {
      return oauthError(401, 'invalid_client', 'unknown client');
    }
    return mint({ userId: SERVICE_PRINCIPAL, clientId, kind: 'service' });
  }

  /** A token for `principal`, as the token endpoint answers it. */
  mint(principal: Principal, now: number, opts: TokenOptions): Answer {
    const token = randomBytes(24).toString('base64url');
    this.#tokens.set(token, { expiry: now + opts.ttlSeconds * 1_000, principal });
    return {
      status: 200,
      body: {
        access_token: opts.prefixBearer ? `bearer ${token}` : token,
        token_type: opts.tokenType ?? 'Bearer',
        expires_in: opts.ttlSeconds,
      },
    };
  }

  /** Whether an `Authorization` header carries a live token. */
  isAuthorized(header: string | undefined, now: number): boolean {
    return this.principalOf(header, now) !== undefined;
  }

  /** Who a live token in an `Authorization` header acts as (Warden's static token: the service). */
  principalOf(header: string | undefined, now: number): Principal | undefined {
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    const token = match?.[1];
    if (!token) return undefined;
    if (token === this.credentials.staticToken)
      return { userId: SERVICE_PRINCIPAL, clientId: 'static-token', kind: 'service' };
    const held = this.#tokens.get(token);
    if (!held || held.expiry <= now) return undefined;
    // A personal client deleted, or its user disabled, stops its tokens at once.
    if (held.principal.kind === 'personal' && !this.personal?.live(held.principal.clientId)) return undefined;
    return held.principal;
  }

  /** Every issued token stops working at once, as at the end of their lifetime. */
  expireTokens(): void {
    this.#tokens.clear();
  }

  /** GET /auth/v1/jwks: the current webhook signing key and any retired ones. */
  async jwks(): Promise<Answer> {
    const current = await exportJWK(this.#webhookKey.publicKey);
    return {
      status: 200,
      body: { keys: [{ ...current, kid: this.#webhookKid, alg: 'ES256', use: 'sig' }, ...this.#retiredJwks] },
    };
  }

  /** A new webhook signing key (a receiver must refetch the JWKS on the unknown `kid`). */
  async rotateWebhookKey(keepOld = false): Promise<void> {
    if (keepOld) {
      const old = await exportJWK(this.#webhookKey.publicKey);
      this.#retiredJwks.push({ ...old, kid: this.#webhookKid, alg: 'ES256', use: 'sig' });
    }
    this.#webhookKey = await generateKeyPair('ES256', { extractable: true });
    this.#webhookKid = `wh-${randomBytes(4).toString('hex')}`;
  }

  /** The JWT a finding-dispatch webhook carries (api-facts.md: claims and their meaning). */
  async signWebhook(
    targetUrl: string,
    rawBody: string,
    now: number,
    overrides: Record<string, unknown> = {},
  ): Promise<string> {
    const target = new URL(targetUrl);
    const iat = Math.floor(now / 1_000);
    // Overrides come last so tests can forge any claim (expired, wrong audience, wrong hash).
    return new SignJWT({
      iss: this.host,
      aud: target.host,
      iat,
      exp: iat + 120,
      c1typ: 'wh',
      htm: 'POST',
      htu: targetUrl,
      htb_s256: createHash('sha256').update(rawBody).digest('base64'),
      jti: randomBytes(12).toString('base64url'),
      ...overrides,
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.#webhookKid, typ: 'JWT' })
      .sign(this.#webhookKey.privateKey);
  }
}
