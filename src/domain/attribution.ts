/**
 * Records, in the text the tenant keeps, who acted in Slack (WARDEN_CONFIG `attribution`):
 * `{text} — via Slack by {name} ({userId})` by default. A person is their Slack user id and
 * real name; the display name is chosen by the person and proves nothing (slack-facts.md).
 * The tenant's record keeps it; a card in a channel shows the person's words without it
 * (`withoutAttribution`, derived from the same template, so it follows the template's wording).
 */
export interface Actor {
  userId: string;
  /** The real name (users.info `real_name`), never the display name. */
  name: string;
  email: string | undefined;
}

const PLACEHOLDERS = /\{(?:name|userId|email)\}/g;

export const DEFAULT_ATTRIBUTION = '{text} — via Slack by {name} ({userId})';

/**
 * A name as the record carries it: quoted, with no quote, brace, control or format character
 * and no line break of its own, so whatever it says stays inside its quotes: a name cannot
 * close them and append "approved by …", nor be read as a placeholder.
 */
export function quoteName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}\p{Cf}"“”„‟«»{}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = Array.from(clean).slice(0, 80).join('');
  return `"${cut || 'unnamed'}"`;
}

/**
 * The person's words signed with who acted, and for a four-eyes acceptance who approved it. The
 * template is filled in one pass, so nothing substituted (a name, the words) is read again as a
 * placeholder. A missing email drops its parentheses.
 */
export function attribute(template: string, text: string, actor: Actor, approver?: Actor): string {
  const values: Record<string, string> = {
    name: quoteName(actor.name),
    userId: actor.userId,
    email: actor.email ?? '',
  };
  const [before = '', ...after] = template.split('{text}');
  const fill = (part: string) =>
    part
      .replace(/\{(name|userId|email)\}/g, (_m, key: string) => values[key] ?? '')
      .replace(/\s*\(\s*\)/g, '');
  const signed = `${fill(before)}${text}${after.map(fill).join('{text}')}`.trim();
  return approver ? `${signed}, approved by ${quoteName(approver.name)} (${approver.userId})` : signed;
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

/** Whether a text holds an email address (a username that is one, say: SSO directories make them). */
export function hasEmail(text: string): boolean {
  return new RegExp(EMAIL.source).test(text);
}

/**
 * A reason as Slack shows it: the person's words, without the attribution the tenant's record
 * carries (who acted is said from Warden's own knowledge), and never with an email address.
 */
export function shownWords(template: string | undefined, text: string): string {
  return hideEmails(template ? withoutAttribution(template, text) : text);
}
