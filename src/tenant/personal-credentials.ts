import { ApiError } from '../errors.js';
import {
  DeviceAuthorizationSchema,
  EmptyAnswerSchema,
  IntrospectSchema,
  PersonalClientCreatedSchema,
} from '../model/access-review.js';
import { OAuthErrorSchema, TokenResponseSchema } from '../model/envelopes.js';
import { Secret } from '../secret.js';
import { StaticTokenProvider } from './auth.js';
import type { TenantClient } from './client.js';
import { encodePathSegment } from './path-segment.js';

/**
 * A person's own credential at the tenant, made as `cone login` makes it (the vendor's Go SDK
 * `LoginFlow`): the device authorization flow (RFC 8628) for the person, then, with the token it
 * yields, a personal client (`POST /api/v1/iam/personal_clients`) named for them. Actions taken
 * with that client are the person's own in the tenant's audit trail, not Warden's.
 */

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export async function startDeviceAuthorization(client: TenantClient, deviceClientId: string) {
  const { status, json } = await client.postForm('deviceAuthorization', '/auth/v1/device_authorization', {
    client_id: deviceClientId,
  });
  const parsed = DeviceAuthorizationSchema.safeParse(json);
  if (status === 200 && parsed.success) return parsed.data;
  const oauth = OAuthErrorSchema.safeParse(json);
  throw new ApiError(
    `The tenant did not start a device sign-in (HTTP ${status}${oauth.success ? `: ${oauth.data.error}` : ''}). Check WARDEN_CONFIG reviews.deviceClientId.`,
    {
      kind: status === 401 || status === 400 ? 'auth' : status >= 500 ? 'unavailable' : 'invalid',
      operation: 'deviceAuthorization',
      status,
      processed: 'yes',
      ...(oauth.success ? { serverCode: oauth.data.error } : {}),
    },
  );
}

/** One poll of the token endpoint (RFC 8628 §3.4–3.5). */
export type DevicePoll =
  | { kind: 'token'; token: Secret }
  | { kind: 'pending' }
  | { kind: 'slowDown' }
  | { kind: 'expired' }
  | { kind: 'denied' }
  | { kind: 'failed'; why: string };

export async function pollDeviceToken(
  client: TenantClient,
  deviceClientId: string,
  deviceCode: string,
): Promise<DevicePoll> {
  const { status, json } = await client.postForm('deviceToken', '/auth/v1/token', {
    grant_type: DEVICE_GRANT,
    client_id: deviceClientId,
    device_code: deviceCode,
  });
  if (status === 200) {
    const token = TokenResponseSchema.safeParse(json);
    if (!token.success) return { kind: 'failed', why: 'a token answer without access_token' };
    if (token.data.token_type?.toLowerCase() === 'dpop') return { kind: 'failed', why: 'a DPoP-bound token' };
    return { kind: 'token', token: new Secret(token.data.access_token.replace(/^bearer\s+/i, '')) };
  }
  const error = OAuthErrorSchema.safeParse(json);
  const code = error.success ? error.data.error : '';
  if (code === 'authorization_pending') return { kind: 'pending' };
  if (code === 'slow_down') return { kind: 'slowDown' };
  if (code === 'expired_token') return { kind: 'expired' };
  if (code === 'access_denied') return { kind: 'denied' };
  // 5xx and 429: the poll is tried again at the next interval, as a pending one.
  if (status >= 500 || status === 429) return { kind: 'pending' };
  return { kind: 'failed', why: code || `HTTP ${status}` };
}

/** The same tenant as the device flow's token: who it is, and their new personal client. */
export function asDeviceToken(client: TenantClient, token: Secret): TenantClient {
  return client.withAuth(new StaticTokenProvider(token));
}

/** GET /api/v1/auth/introspect: the identity user a token acts as. */
export async function whoAmI(client: TenantClient): Promise<string | undefined> {
  const answer = await client.request({
    operation: 'introspect',
    method: 'GET',
    path: '/api/v1/auth/introspect',
    schema: IntrospectSchema,
    idempotent: true,
  });
  return answer.userId || undefined;
}

/** POST /api/v1/iam/personal_clients (as the SDK: `display_name`); the secret is shown this once. */
export async function createPersonalClient(client: TenantClient, displayName: string) {
  const answer = await client.request({
    operation: 'createPersonalClient',
    method: 'POST',
    path: '/api/v1/iam/personal_clients',
    body: { displayName },
    schema: PersonalClientCreatedSchema,
    idempotent: false,
  });
  return {
    id: answer.client.id,
    clientId: answer.client.clientId,
    userId: answer.client.userId ?? undefined,
    secret: new Secret(answer.clientSecret),
  };
}

/** DELETE /api/v1/iam/personal_clients/{id}, by its owner (the client itself). */
export async function deletePersonalClient(client: TenantClient, id: string): Promise<void> {
  await client.request({
    operation: 'deletePersonalClient',
    method: 'DELETE',
    path: `/api/v1/iam/personal_clients/${encodePathSegment(id, 'personal client id')}`,
    schema: EmptyAnswerSchema,
    idempotent: true,
  });
}
