import { randomBytes, randomInt } from 'node:crypto';
import type { Answer } from './answer.js';
import { oauthError } from './auth.js';
import type { Principal } from './principal.js';

/**
 * The tenant's OAuth 2.0 device authorization grant (RFC 8628), as `cone login` uses it through
 * the vendor's Go SDK (`LoginFlow`): `POST /auth/v1/device_authorization` with the public client's
 * `client_id` answers a device code, a user code and where to enter it; the client then polls
 * `POST /auth/v1/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code` and is
 * answered, as §3.5 says, `authorization_pending` until the person decides, `slow_down` when it
 * polls sooner than the interval (it must then wait 5 s more), `access_denied`,
 * `expired_token`, or the token (for the person who approved, once).
 */

export interface DeviceGrant {
  deviceCode: string;
  userCode: string;
  clientId: string;
  createdAt: number;
  expiresAt: number;
  /** Seconds the client must wait between polls (a test may raise it: the next faster poll gets slow_down). */
  interval: number;
  lastPollAt: number | undefined;
  status: 'pending' | 'approved' | 'denied' | 'used';
  userId: string | undefined;
  /** How many polls were answered slow_down (tests read it). */
  slowDowns: number;
  polls: number;
}

export interface DeviceFlowOptions {
  /** Seconds a device code lives (RFC 8628 `expires_in`). */
  expiresIn: number;
  /** Seconds between polls (RFC 8628 `interval`). */
  interval: number;
}

const USER_CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';
const userCode = () =>
  Array.from({ length: 8 }, (_, i) => (i === 4 ? '-' : '') + USER_CODE_LETTERS[randomInt(20)]).join('');

export class DeviceFlow {
  readonly #byDeviceCode = new Map<string, DeviceGrant>();
  readonly options: DeviceFlowOptions = { expiresIn: 600, interval: 5 };

  constructor(
    readonly clientId: string,
    readonly baseUrl: string,
  ) {}

  /** POST /auth/v1/device_authorization (form body, `client_id`). */
  authorize(contentType: string, rawBody: string, now: number): Answer {
    if (!contentType.startsWith('application/x-www-form-urlencoded'))
      return oauthError(400, 'invalid_request', 'the request must be application/x-www-form-urlencoded');
    const clientId = new URLSearchParams(rawBody).get('client_id') ?? '';
    if (clientId !== this.clientId) return oauthError(401, 'invalid_client', 'unknown client');
    const grant: DeviceGrant = {
      deviceCode: randomBytes(24).toString('base64url'),
      userCode: userCode(),
      clientId,
      createdAt: now,
      expiresAt: now + this.options.expiresIn * 1_000,
      interval: this.options.interval,
      lastPollAt: undefined,
      status: 'pending',
      userId: undefined,
      slowDowns: 0,
      polls: 0,
    };
    this.#byDeviceCode.set(grant.deviceCode, grant);
    const page = `${this.baseUrl}/device`;
    return {
      status: 200,
      body: {
        device_code: grant.deviceCode,
        user_code: grant.userCode,
        verification_uri: page,
        verification_uri_complete: `${page}?user_code=${encodeURIComponent(grant.userCode)}`,
        expires_in: this.options.expiresIn,
        interval: grant.interval,
      },
    };
  }

  /** The token endpoint's device code grant: one poll. */
  token(form: URLSearchParams, now: number, mint: (p: Principal) => Answer): Answer {
    const grant = this.#byDeviceCode.get(form.get('device_code') ?? '');
    if (!grant || grant.clientId !== (form.get('client_id') ?? ''))
      return oauthError(400, 'invalid_grant', 'unknown device code');
    grant.polls++;
    if (grant.status === 'used') return oauthError(400, 'invalid_grant', 'the device code was already used');
    if (now >= grant.expiresAt) return oauthError(400, 'expired_token', 'the device code expired');
    if (grant.status === 'denied') return oauthError(400, 'access_denied', 'the person denied the request');
    const tooSoon = grant.lastPollAt !== undefined && now - grant.lastPollAt < grant.interval * 1_000;
    grant.lastPollAt = now;
    if (tooSoon) {
      // The client must now wait 5 s more than it did (§3.5); the next poll is judged by the interval.
      grant.slowDowns++;
      return oauthError(400, 'slow_down', 'polling too fast: wait 5 seconds more between requests');
    }
    if (grant.status === 'pending' || !grant.userId)
      return oauthError(400, 'authorization_pending', 'the person has not decided yet');
    grant.status = 'used';
    return mint({ userId: grant.userId, clientId: grant.clientId, kind: 'device' });
  }

  /** The grant a user code names (the verification page, tests). */
  byUserCode(code: string): DeviceGrant | undefined {
    const wanted = code.trim().toUpperCase();
    return [...this.#byDeviceCode.values()].find((g) => g.userCode === wanted);
  }

  /** Every grant, oldest first. */
  all(): DeviceGrant[] {
    return [...this.#byDeviceCode.values()];
  }

  /** The person signed in at the verification page and approved: the next poll gets their token. */
  approve(code: string, userId: string): boolean {
    const grant = this.byUserCode(code);
    if (grant?.status !== 'pending') return false;
    grant.status = 'approved';
    grant.userId = userId;
    return true;
  }

  deny(code: string): boolean {
    const grant = this.byUserCode(code);
    if (grant?.status !== 'pending') return false;
    grant.status = 'denied';
    return true;
  }
}
