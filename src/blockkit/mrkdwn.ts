/**
 * Text that reaches Slack. Everything tenant- or user-supplied goes through `escapeMrkdwn` so
 * `<!channel>` pings nobody and `<https://evil|bank>` links nowhere (Slack only gives meaning to
 * `<…>` sequences, so escaping &, < and > is enough), then through `truncate` to fit a limit.
 */

export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The text an escaped string stands for: for plain_text fields, which show entities as typed. */
export function unescapeMrkdwn(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/**
 * Cuts `text` to at most `max` characters (UTF-16 units, as Slack counts), ending with `…`.
 * Cuts only between tokens: never inside a surrogate pair, an escape entity such as `&amp;`, or
 * a `<…>` sequence (a mention, a link, a `<!date^…|…>`), which Slack refuses when left unclosed.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  const open = cut.lastIndexOf('<');
  if (open !== -1 && cut.indexOf('>', open) === -1) cut = cut.slice(0, open);
  const amp = cut.lastIndexOf('&');
  if (amp !== -1 && !cut.slice(amp).includes(';')) cut = cut.slice(0, amp);
  return `${cut}…`;
}

/** Escapes then truncates: the usual path for untrusted text into a mrkdwn field. */
export function safeMrkdwn(text: string, max: number): string {
  return truncate(escapeMrkdwn(text), max);
}

/** Text for plain_text objects: no mrkdwn meaning, only the limit matters. */
export function plain(text: string, max: number): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), max);
}

/** Inline code that cannot be broken out of: backticks inside are replaced. */
export function code(text: string, max = 200): string {
  return `\`${safeMrkdwn(text.replaceAll('`', 'ʼ'), max)}\``;
}

/**
 * A Slack date token: each reader sees the time in their own time zone. The fallback (for
 * clients that cannot render tokens and for notifications) is UTC.
 */
export function slackDate(iso: string | Date, format = '{date_short_pretty} at {time}'): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  if (!Number.isFinite(ms)) return typeof iso === 'string' ? safeMrkdwn(iso, 40) : 'an unknown date';
  const fallback = new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d{3}Z$/, ' UTC');
  return `<!date^${Math.floor(ms / 1000)}^${format}|${fallback}>`;
}

/** A user mention, only for ids that look like Slack user ids. */
export function mention(userId: string): string {
  return /^[UW][A-Z0-9]{2,}$/.test(userId) ? `<@${userId}>` : safeMrkdwn(userId, 40);
}

/** A person's words as a mrkdwn quote: escaped, cut to `max`, each line marked. */
export function quoted(text: string, max = 1_500): string {
  return safeMrkdwn(text, max)
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
}
