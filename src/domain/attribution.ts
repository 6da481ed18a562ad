/**
 * Records, in the text the tenant keeps, who acted in Slack (WARDEN_CONFIG `attribution`):
 * `{text} — via Slack by {name} ({email})` by default. A missing email drops its parentheses.
 */
export interface Actor {
  userId: string;
  name: string;
  email: string | undefined;
}

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
