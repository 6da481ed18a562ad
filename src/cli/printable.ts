/**
 * What an operator command prints comes from the store, which holds what tenants and senders
 * wrote (finding ids, errors): terminal escape codes in it would reach the operator's terminal
 * (recolour, move the cursor, retitle the window, hide text). Control and format characters
 * (C0, DEL, C1, bidirectional overrides) are shown as `\u{…}` instead.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

/** A JSON line with the same characters escaped (JSON.stringify leaves format characters as they are). */
export function printableJson(value: unknown): string {
  return JSON.stringify(value).replace(
    UNPRINTABLE,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}
