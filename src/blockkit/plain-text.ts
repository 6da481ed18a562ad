import { SLACK_LIMITS } from './limits.js';
import { plain, unescapeMrkdwn } from './mrkdwn.js';

/**
 * A mrkdwn sentence as plain text, for the places Slack shows text as typed (a Workflow Builder
 * step's error in the workflow's activity, a Slackbot message): no `*bold*`, `_italic_`,
 * `~strike~` or `` `code` `` marks, no leading emoji shortcode, links as their words, Slack's
 * date tokens as their fallback, people by name (`names`, else "someone": an id alone says
 * nothing to a person), and the entities Warden escaped shown as the characters they stand for.
 */
export function mrkdwnToPlain(text: string, names: Readonly<Record<string, string>> = {}): string {
  return unescapeMrkdwn(
    text
      .replace(/^:[a-z0-9_+-]+: /, '')
      .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, '$1')
      .replace(/<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g, (_, id: string) => names[id] ?? 'someone')
      .replace(/<#C[A-Z0-9]+\|([^>]*)>/g, '#$1')
      .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_, n: string | undefined) => n ?? 'a user group')
      .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
      .replace(/<(https?:[^>]+)>/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(^|[\s(“"])\*([^*\n]+)\*(?=$|[\s).,:;!?”"])/g, '$1$2')
      .replace(/(^|[\s(“"])_([^_\n]+)_(?=$|[\s).,:;!?”"])/g, '$1$2')
      .replace(/(^|[\s(“"])~([^~\n]+)~(?=$|[\s).,:;!?”"])/g, '$1$2'),
  ).trim();
}

/** The Slack user ids a mrkdwn text mentions, so their names can be looked up first. */
export function mentionedPeople(text: string): string[] {
  return [...new Set([...text.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g)].map((m) => m[1] ?? ''))].filter(
    Boolean,
  );
}

/**
 * A button's `accessibility_label`, read by screen readers instead of its label: the label and
 * what it acts on ("Open card: Decoy credential used, FND_1"), for buttons whose label repeats
 * in one message or view. Plain text, as it reads (no mrkdwn escapes, nothing in angle brackets
 * that could read as a mention).
 */
export function spokenLabel(label: string, about: string): string {
  const words = unescapeMrkdwn(about).replace(/[<>]/g, '');
  return plain(`${label.replace(/…$/, '')}: ${words}`, SLACK_LIMITS.accessibilityLabel);
}
