/**
 * Records, in the text the tenant keeps, who acted in Slack (WARDEN_CONFIG `attribution`):
 * `{text} — via Slack by {name} ({email})` by default. A missing email drops its parentheses.
 * The tenant's record keeps it; a card in a channel shows the person's words without it
 * (`withoutAttribution`, derived from the same template, so it follows the template's wording).
 */
export interface Actor {
  userId: string;
  name: string;
  email: string | undefined;
}

const PLACEHOLDERS = /\{(?:name|userId|email)\}/g;

export function attribute(template: string, text: string, actor: Actor): string {
  const filled = template
    .replaceAll('{name}', actor.name)
    .replaceAll('{userId}', actor.userId)
    .replaceAll('{email}', actor.email ?? '')
    .replace(/\s*\(\s*\)/g, '');
  // {text} last: the person's own words are never read as placeholders.
  const [before = '', ...after] = filled.split('{text}');
  return `${before}${text}${after.join('{text}')}`.trim();
}

/** Four-eyes: the approver is recorded after the requester's attributed words. */
export function attributeApproval(signed: string, approver: Actor): string {
  return `${signed}, approved by ${approver.name}${approver.email ? ` (${approver.email})` : ''}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A part of the template as a pattern: its placeholders match any text on one line, and a
 * parenthesised group of placeholders only may be missing (attribute() drops an empty one).
 */
function partPattern(part: string): string {
  const pieces = part.split(/(\s*\((?:\s*\{(?:name|userId|email)\}\s*)+\))/);
  return pieces
    .map((piece, i) => {
      const pattern = piece.split(PLACEHOLDERS).map(escapeRegExp).join('[^\\n]*?').replace(/\s+/g, '\\s*');
      return i % 2 === 1 ? `(?:${pattern})?` : pattern;
    })
    .join('');
}

/** The words a person wrote, out of a text attribute() made with `template` (as it came otherwise). */
export function withoutAttribution(template: string, text: string): string {
  const at = template.indexOf('{text}');
  if (at < 0) return text;
  const before = partPattern(template.slice(0, at).trimStart());
  const after = partPattern(template.slice(at + '{text}'.length).trimEnd());
  // Four-eyes adds the approver at the very end: tried first, then the text as attributed.
  for (const approval of [', approved by [^\\n]*', '']) {
    const match = new RegExp(`^${before}([\\s\\S]*)${after}${approval}$`).exec(text.trim());
    if (match?.[1] !== undefined) return match[1].trim();
  }
  return text;
}

const EMAIL = /[^\s"'<>()@,;:\\]+@[^\s"'<>()@,;:\\]+\.[A-Za-z]{2,}/g;

/** Email addresses out of a text that reaches a channel (a record made before a template change). */
export function hideEmails(text: string): string {
  return text.replace(EMAIL, '[email hidden]');
}
