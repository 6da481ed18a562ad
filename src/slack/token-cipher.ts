import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeTokenKey } from '../config-slack.js';
import type { Secret } from '../secret.js';

/**
 * Installation tokens at rest: AES-256-GCM with a random 96-bit IV per value, the key's id in
 * front so a rotation knows which key wrote what. `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url).
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

  /**
   * `aad` (additional authenticated data) binds the value to where it is kept (e.g. its row's key):
   * copied to another row it no longer opens.
   */
  encrypt(plain: string, aad?: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.bytes, iv);
    if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return ['v1', this.#current.id, ...parts].join('.');
  }

  /** The plain text, and whether it was written with the previous key (to be written again). */
  decrypt(sealed: string, aad?: string): { plain: string; stale: boolean } {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !keyId || iv === undefined || tag === undefined || body === undefined)
      throw new TokenKeyError(undefined);
    const key = [this.#current, this.#previous].find((k) => k?.id === keyId);
    if (!key) throw new TokenKeyError(keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return { plain: plain.toString('utf8'), stale: key !== this.#current };
    } catch {
      // The tag does not match: changed in the store, or a different key with the same id prefix.
      throw new TokenKeyError(keyId);
    }
  }
}
