import { createHash } from 'node:crypto';

/**
 * The sandbox tenant's ids, shaped as the vendor's are: 27-character KSUIDs (base62 of a 4-byte
 * timestamp and 16 random bytes), opaque, with the names beside them in the seeds. A readable id
 * (`APP_GITHUB`) would hide a card that shows ids instead of names; these do not. Each is made
 * from a fixed label, so the seeds are the same on every run and in every test. Tests name them
 * through `SEED_IDS` (`SEED_IDS.apps.github`), so they stay readable where the ids are not.
 * Finding ids stay readable (FND_…): every test names them, and a card shows them for copy.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** KSUID's epoch (2014-05-13), and a creation time in 2023 like a real tenant's ids. */
const KSUID_EPOCH = 1_400_000_000;
const CREATED = 1_690_000_000;

/** A deterministic KSUID for `label`: the fixed time, then 16 bytes of the label's SHA-256. */
export function seedKsuid(label: string): string {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32BE(CREATED - KSUID_EPOCH, 0);
  createHash('sha256').update(label).digest().copy(bytes, 4, 0, 16);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(27, '0');
}

function ids<K extends string>(kind: string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, seedKsuid(`${kind}:${k}`)])) as Record<K, string>;
}

export const SEED_IDS = {
  apps: ids('app', ['github', 'aws', 'azure', 'okta', 'salesforce'] as const),
  /** Accounts in the apps (app users), by username. */
  appUsers: ids('appUser', [
    'deployBot',
    'bob',
    'bbrown',
    'jdoe',
    'buildSvc',
    'etl',
    'backup',
    'daveAws',
  ] as const),
  /** Identity users (seed-users.ts), by first name. */
  users: ids('user', [
    'alice',
    'bob',
    'carol',
    'dave',
    'gus',
    'hanna',
    'frank',
    'stranger',
    'sso',
    'noEmail',
    'jane',
    'test',
  ] as const),
  entitlements: ids('entitlement', [
    'ghOrgAdmin',
    'ghInfraWrite',
    'ghMember',
    'ghOwner',
    'ghMaintain',
    'awsAdmin',
    'awsRead',
    'oktaSuper',
  ] as const),
  resourceTypes: ids('resourceType', ['iamRole', 'appRegistration'] as const),
  resources: ids('resource', ['ciRole', 'reporting', 'legacy', 'billing'] as const),
  connectors: ids('connector', ['okta', 'salesforce'] as const),
} as const;
