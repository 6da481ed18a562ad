import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { type Answer, grpcError, nonEmpty } from './answer.js';
import { protoTimestamp } from './audit.js';
import { oauthError } from './auth.js';
import type { Principal } from './principal.js';
import type { TenantUsers } from './users.js';

/**
 * Personal client credentials (`c1.api.iam.v1.PersonalClientService`): what `cone login` creates
 * with the device flow's token (`POST /api/v1/iam/personal_clients {"display_name": …}`), owned by
 * that person. Its secret is a `secret-token:conductorone.com:v1:` Ed25519 key (api-facts.md), so a
 * client signs an assertion and the secret never travels; the tokens it gets act as the person.
 * Deleting it, or the person being disabled in the tenant, stops it at once.
 */

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface PersonalClientRecord {
  id: string;
  clientId: string;
  displayName: string;
  userId: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | undefined;
  /** How many tokens it was issued (tests read it). */
  tokens: number;
  key: KeyPair;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24) || 'client';

/** A PersonalClient as proto3 JSON writes it. */
export function personalClientJson(c: PersonalClientRecord): Record<string, unknown> {
  return {
    id: c.id,
    clientId: c.clientId,
    displayName: c.displayName,
    userId: c.userId,
    createdAt: protoTimestamp(c.createdAt),
    updatedAt: protoTimestamp(c.updatedAt),
    ...(c.deletedAt === undefined ? {} : { deletedAt: protoTimestamp(c.deletedAt) }),
  };
}

export class PersonalClients {
  readonly #byId = new Map<string, PersonalClientRecord>();
  #seq = 0;

  constructor(
    readonly host: string,
    readonly users: TenantUsers,
  ) {}

  /** POST /api/v1/iam/personal_clients: only a person (not a service) has personal clients. */
  async create(who: Principal, body: Record<string, unknown>, now: number): Promise<Answer> {
    if (who.kind === 'service')
      return grpcError(403, 7, 'personal clients belong to people, not to services');
    const name = body.displayName ?? body.display_name;
    if (!nonEmpty(name)) return grpcError(400, 3, 'display_name is required');
    if (name.length > 200) return grpcError(400, 3, 'display_name is longer than 200 characters');
    const key = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(key.privateKey);
    const secret = Buffer.from(JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d })).toString(
      'base64url',
    );
    const id = `PC_${String(++this.#seq).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
    const record: PersonalClientRecord = {
      id,
      clientId: `${slug(name)}-${randomBytes(4).toString('hex')}@${this.host}/pcc`,
      displayName: name,
      userId: who.userId,
      createdAt: now,
      updatedAt: now,
      deletedAt: undefined,
      tokens: 0,
      key,
    };
    this.#byId.set(id, record);
    return {
      status: 200,
      body: {
        client: personalClientJson(record),
        clientSecret: `secret-token:conductorone.com:v1:${secret}`,
      },
    };
  }

  /** GET /api/v1/iam/personal_clients/{id}: the caller's own only. */
  get(who: Principal, id: string): Answer {
    const c = this.#byId.get(id);
    if (!c || c.deletedAt !== undefined || c.userId !== who.userId)
      return grpcError(404, 5, `personal client ${id} not found`);
    return { status: 200, body: { client: personalClientJson(c) } };
  }

  /** GET /api/v1/iam/personal_clients: the caller's own. */
  list(who: Principal): Answer {
    const mine = this.all().filter((c) => c.userId === who.userId && c.deletedAt === undefined);
    return { status: 200, body: { list: mine.map(personalClientJson), nextPageToken: '' } };
  }

  /** DELETE /api/v1/iam/personal_clients/{id}: the owner deletes their own. */
  delete(who: Principal, id: string, now: number): Answer {
    const c = this.#byId.get(id);
    if (!c || c.deletedAt !== undefined || c.userId !== who.userId)
      return grpcError(404, 5, `personal client ${id} not found`);
    c.deletedAt = now;
    c.updatedAt = now;
    return { status: 200, body: {} };
  }

  /** An administrator revokes it in the console (tests): its tokens stop at once. */
  revoke(id: string, now: number): boolean {
    const c = this.#byId.get(id);
    if (!c || c.deletedAt !== undefined) return false;
    c.deletedAt = now;
    return true;
  }

  all(): PersonalClientRecord[] {
    return [...this.#byId.values()];
  }

  byClientId(clientId: string): PersonalClientRecord | undefined {
    return this.all().find((c) => c.clientId === clientId);
  }

  /** Whether the client still works: not deleted, and its person enabled in the tenant. */
  live(clientId: string): boolean {
    const c = this.byClientId(clientId);
    return !!c && c.deletedAt === undefined && this.users.get(c.userId)?.status === 'ENABLED';
  }

  /** The token endpoint's client credentials grant for a personal client (signed assertion only). */
  async verifyAssertion(
    c: PersonalClientRecord,
    form: URLSearchParams,
    host: string,
    now: number,
  ): Promise<{ principal: Principal } | { refused: Answer }> {
    if (c.deletedAt !== undefined)
      return { refused: oauthError(401, 'invalid_client', 'the client was deleted') };
    if (this.users.get(c.userId)?.status !== 'ENABLED')
      return { refused: oauthError(401, 'invalid_client', 'the client’s user is disabled') };
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return { refused: oauthError(400, 'invalid_request', 'client_assertion_type must be jwt-bearer') };
    try {
      await jwtVerify(form.get('client_assertion') ?? '', c.key.publicKey, {
        issuer: c.clientId,
        subject: c.clientId,
        audience: host.replace(/:\d+$/, ''),
        algorithms: ['EdDSA'],
        currentDate: new Date(now),
        maxTokenAge: '5m',
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : 'invalid';
      return { refused: oauthError(401, 'invalid_client', `client assertion rejected: ${why}`) };
    }
    c.tokens++;
    return { principal: { userId: c.userId, clientId: c.clientId, kind: 'personal' } };
  }
}
