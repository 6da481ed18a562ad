import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeTokenKey } from '../config-slack.js';
import type { Secret } from '../secret.js';

/**
 * Installation tokens at rest: AES-256-GCM with a random 96-bit IV per value, the key's id in
 * front so a rotation knows which key wrote what. `v2.<keyId>.<iv>.<tag>.<ciphertext>` (base64url),
 * bound to its row: the row's key (`team:T…`, `org:E…`) is the additional authenticated data, so a
 * value copied into another row fails its tag and is refused (SealedValueRefused), never used.
 * `v1` values (before that binding) are still read and are sealed again as v2 at start.
 * Key rotation: set the new key as WARDEN_TOKEN_KEY and the old one as WARDEN_TOKEN_KEY_PREVIOUS;
 * what the old key wrote is still read and is encrypted again with the new one at start.
 */

export class TokenKeyError extends Error {
  constructor(readonly keyId: string | undefined) {
    super(
      keyId === undefined
        ? 'a stored token is not in Warden’s encrypted form'
        : `a stored token was encrypted with a key Warden was not given (key id ${keyId}): set WARDEN_TOKEN_KEY (or WARDEN_TOKEN_KEY_PREVIOUS during a rotation) to that key`,
    );
  }
}

/**
 * A sealed value that a key Warden holds wrote, but that does not open for this row: changed in
 * the store, or copied from another row. Refused and logged; the row serves nothing.
 */
export class SealedValueRefused extends Error {
  constructor(readonly row: string) {
    super(`the installation kept for ${row} does not open for that row: changed or copied in the store`);
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

const keyOf = (secret: Secret): Key => {
  const bytes = decodeTokenKey(secret.reveal());
  if (!bytes) throw new Error('WARDEN_TOKEN_KEY is not a 32-byte key');
  // The id names the key without revealing it: a hash prefix, never the key.
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
};

export class TokenCipher {
  readonly #current: Key;
  readonly #previous: Key | undefined;

  constructor(current: Secret, previous?: Secret) {
    this.#current = keyOf(current);
    this.#previous = previous ? keyOf(previous) : undefined;
  }

  get keyId(): string {
    return this.#current.id;
  }

  /** Sealed for the row `row` (its key is the additional data: it opens for that row only). */
  encrypt(plain: string, row: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.bytes, iv);
    cipher.setAAD(Buffer.from(row, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return ['v2', this.#current.id, ...parts].join('.');
  }

  /**
   * The plain text of a value kept in row `row`, and whether it is to be sealed again (written
   * with the previous key, or a v1 value not yet bound to its row; the caller checks a v1
   * value's content names its row). A key Warden was not given: TokenKeyError; a value that does
   * not open for this row: SealedValueRefused.
   */
  decrypt(sealed: string, row: string): { plain: string; stale: boolean; bound: boolean } {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    const bound = version === 'v2';
    if ((!bound && version !== 'v1') || !keyId || iv === undefined || tag === undefined || body === undefined)
      throw new TokenKeyError(undefined);
    const key = [this.#current, this.#previous].find((k) => k?.id === keyId);
    if (!key) throw new TokenKeyError(keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      if (bound) decipher.setAAD(Buffer.from(row, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return { plain: plain.toString('utf8'), stale: key !== this.#current || !bound, bound };
    } catch {
      // The tag does not match: changed in the store, or sealed for another row (a copy).
      throw new SealedValueRefused(row);
    }
  }
}
