import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * The cookie that binds a step-up link to the browser that opened it (RFC 9700 §4.7, "Protecting
 * Redirect-Based Flows"): set when the link's page is shown, required when its button is pressed
 * (the claim keeps its hash) and when the provider's answer comes back. HttpOnly (no script reads
 * it), SameSite=Lax (sent on the provider's top-level redirect back, not on another site's POST:
 * a form elsewhere cannot press the button for the person), as long as the link lives, Secure and
 * `__Host-` when Warden is on https. One cookie a link (named by a hash of the link's id), so two
 * links open at once in one browser do not undo each other.
 */

const PREFIX = 'warden_verify_';

export interface CookieSite {
  /** WARDEN_PUBLIC_URL is https: Secure, and the `__Host-` prefix (Path=/, no Domain). */
  secure: boolean;
}

/** The cookie's name for a link (by the store's id of it, itself a hash of the token). */
export function cookieName(linkId: string, site: CookieSite): string {
  const tag = createHash('sha256').update(`step-up-cookie:${linkId}`).digest('base64url').slice(0, 16);
  return `${site.secure ? '__Host-' : ''}${PREFIX}${tag}`;
}

/** A fresh secret for the browser, set as the link's cookie for `maxAgeSeconds`. */
export function setBrowserCookie(res: Response, linkId: string, site: CookieSite, maxAgeSeconds: number) {
  const value = randomBytes(32).toString('base64url');
  const attrs = [
    `${cookieName(linkId, site)}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(1, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(site.secure ? ['Secure'] : []),
  ];
  res.append('set-cookie', attrs.join('; '));
}

/** The link's cookie gone from the browser (its answer was taken, either way). */
export function clearBrowserCookie(res: Response, linkId: string, site: CookieSite) {
  const attrs = [`${cookieName(linkId, site)}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'];
  res.append('set-cookie', [...attrs, ...(site.secure ? ['Secure'] : [])].join('; '));
}

/** What the browser brought for a link: its cookie's value (only a well-formed one). */
export function browserSecret(req: Request, linkId: string, site: CookieSite): string | undefined {
  const name = cookieName(linkId, site);
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
