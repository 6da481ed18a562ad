import { createHmac, timingSafeEqual } from 'node:crypto';
import { METADATA_SEAL_ROOM } from '../blockkit/limits.js';

/**
 * A view's `private_metadata` is what its form or buttons act on (a request, a roll-up, a
 * finding): a submission carries it back, and Slack does not let a person change it. Still it is
 * never trusted as sent (issue 36, item 16): every view Warden opens, pushes, updates or
 * publishes has its metadata sealed with an HMAC, and what comes back is acted on only if the
 * seal holds for that view's callback id. A view opened before the seal existed, or one altered,
 * is refused with a sentence asking to open the form again (listeners/runner.ts).
 *
 * An HMAC rather than a record per view id: nothing to store or clean up, every replica checks it
 * alone, and the same check serves forms, clicks inside modals and the Home tab. The key is
 * derived from the signing secret (or, in Socket Mode without one, the app-level token): a
 * secret Warden already keeps, never the value itself.
 */

/** `~` and 22 characters of base64url (132 bits of HMAC-SHA256) after the metadata. */
const MARK = '~';
const SEAL_CHARS = METADATA_SEAL_ROOM;
const MAC_CHARS = SEAL_CHARS - MARK.length;

export interface ViewSeal {
  /** The metadata with its seal, for this callback id ('' stays '': nothing to act on). */
  seal(callbackId: string, metadata: string): string;
  /** The metadata Warden sealed, or undefined when the seal is missing or does not hold. */
  open(callbackId: string, sealed: string): string | undefined;
}

export function createViewSeal(secret: string): ViewSeal {
  // A key of its own, so the MAC never equals anything else made with the secret.
  const key = createHmac('sha256', secret).update('warden view metadata v1').digest();
  const macOf = (callbackId: string, metadata: string) =>
    createHmac('sha256', key).update(`${callbackId}\n${metadata}`).digest('base64url').slice(0, MAC_CHARS);
  return {
    seal: (callbackId, metadata) => (metadata ? `${metadata}${MARK}${macOf(callbackId, metadata)}` : ''),
    open(callbackId, sealed) {
      if (sealed === '') return '';
      const at = sealed.length - SEAL_CHARS;
      if (at < 1 || sealed[at] !== MARK) return undefined;
      const metadata = sealed.slice(0, at);
      const given = Buffer.from(sealed.slice(at + 1));
      const wanted = Buffer.from(macOf(callbackId, metadata));
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? metadata : undefined;
    },
  };
}

/** A view with its metadata sealed (a view without metadata is left as it is). */
export function sealed<V extends { callback_id?: string | undefined; private_metadata?: string | undefined }>(
  s: ViewSeal,
  view: V,
): V {
  if (!view.private_metadata) return view;
  return { ...view, private_metadata: s.seal(view.callback_id ?? '', view.private_metadata) };
}
