import * as client from 'openid-client';
import { type IdentityProvider, SignInError, type VerifiedSignIn } from '../ports/step-up.js';
import type { Secret } from '../secret.js';

/**
 * The organisation's OpenID Connect provider, through `openid-client`: discovery (once, tried
 * again after a failure), an authorization URL that forces a fresh sign-in (`prompt=login`,
 * `max_age=0`, `acr_values` when configured) with a nonce, a state and PKCE, and the code
 * exchange whose ID token openid-client checks (issuer, audience, expiry, nonce, `auth_time`
 * present) and, because `enableNonRepudiationChecks` is on, its signature against the keys of the
 * provider's `jwks_uri`. Without that call openid-client v6 takes the token endpoint's answer on
 * TLS alone (OpenID Connect Core §3.1.3.7 allows it) and never looks at the signature: a token
 * with random signature bytes would pass. What the claims must then say is the use case's
 * (usecases/step-up/step-up-verify.ts).
 */

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: Secret;
  /** Warden's callback: WARDEN_PUBLIC_URL + /verify/callback. */
  redirectUri: string;
  acr: string | undefined;
  /** Seconds the provider's and Warden's clocks may differ by. */
  clockToleranceSeconds?: number;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** openid-client's max_age check (auth_time too old; its cause names the claim) is a sign-in that was not fresh. */
function staleOrBad(error: unknown): 'stale' | 'badResponse' {
  let at: unknown = error;
  for (let depth = 0; depth < 4 && typeof at === 'object' && at !== null; depth++) {
    if ('claim' in at && at.claim === 'auth_time') return 'stale';
    at = 'cause' in at ? at.cause : undefined;
  }
  return 'badResponse';
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

export function createOidcProvider(o: OidcOptions): IdentityProvider {
  const issuer = new URL(o.issuer);
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        issuer,
        o.clientId,
        { client_secret: o.clientSecret.reveal(), [client.clockTolerance]: o.clockToleranceSeconds ?? 30 },
        undefined,
        {
          execute: [
            // Plain HTTP only to a provider on this machine (the simulators'); never over a network.
            ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : []),
            // The ID token's signature checked against the provider's published keys (JWKS).
            client.enableNonRepudiationChecks,
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new SignInError(
          'idpError',
          `discovery failed: ${error instanceof Error ? error.message : 'unknown'}`,
        );
      });
    return discovered;
  };
  return {
    async begin() {
      const config = await configuration();
      const checks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: o.redirectUri,
        scope: 'openid email',
        prompt: 'login',
        max_age: '0',
        ...(o.acr ? { acr_values: o.acr } : {}),
        nonce: checks.nonce,
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks): Promise<VerifiedSignIn> {
      const config = await configuration();
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedNonce: checks.nonce,
          expectedState: checks.state,
          pkceCodeVerifier: checks.verifier,
          // max_age=0 was asked: auth_time must be there; its freshness is checked by the caller.
          maxAge: 0,
        });
        claims = tokens.claims();
      } catch (error) {
        const authError = error instanceof client.AuthorizationResponseError;
        // The provider's own words stay out: they can name the person.
        const detail = authError
          ? `provider answered ${error.error}`
          : `${(error as Error).name}: ${(error as Error).message}`;
        throw new SignInError(authError ? 'idpError' : staleOrBad(error), detail.slice(0, 200));
      }
      if (!claims) throw new SignInError('badResponse', 'no ID token');
      return {
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
        authTime: typeof claims.auth_time === 'number' ? claims.auth_time : undefined,
        acr: typeof claims.acr === 'string' ? claims.acr : undefined,
        amr: strings(claims.amr),
      };
    },
  };
}
