// mrkdwn to DOM nodes: the tree of mrkdwn-parse.js, with names, channels, user groups and dates
// filled in for the reader (ctx: who is who, the reader's time zone).

import { el } from './dom.js';
import { EMOJI } from './emoji.js';
import { parseMrkdwn } from './mrkdwn-parse.js';
import { formatDateToken, fullDateTime } from './time.js';

const TAGS = { b: 'strong', i: 'em', s: 'del', quote: 'blockquote' };

function node(n, ctx) {
  switch (n.t) {
    case 'text':
      return document.createTextNode(n.s);
    case 'br':
      return el('br');
    case 'b':
    case 'i':
    case 's':
    case 'quote':
      return el(
        TAGS[n.t],
        {},
        n.c.map((c) => node(c, ctx)),
      );
    case 'code':
      return el('code', {}, n.s);
    case 'pre':
      return el('pre', {}, n.s);
    case 'emoji':
      return el('span', { class: 'emoji', title: `:${n.name}:`, 'data-emoji': n.name }, n.ch);
    case 'link': {
      // A link to a message of this workspace opens it on the page, as Slack opens its permalinks.
      const to = ctx.messageAt?.(n.url);
      if (!to) return el('a', { href: n.url, target: '_blank', rel: 'noopener noreferrer' }, n.label);
      return el(
        'a',
        {
          href: `#${to.channel}/${to.ts}`,
          class: 'message-link',
          'data-permalink': n.url,
          onclick: (ev) => {
            ev.preventDefault();
            ctx.openMessage(to.channel, to.ts);
          },
        },
        n.label,
      );
    }
    case 'user':
      return el(
        'span',
        { class: 'mention', 'data-user': n.id },
        `@${ctx.personName(n.id) ?? (n.label || n.id)}`,
      );
    case 'channel':
      return el('span', { class: 'mention channel' }, `#${ctx.channelName(n.id) ?? (n.label || n.id)}`);
    case 'group':
      return el(
        'span',
        { class: 'mention group', 'data-group': n.id },
        `@${ctx.groupHandle(n.id) ?? (n.label.replace(/^@/, '') || n.id)}`,
      );
    case 'broadcast':
      return el('span', { class: 'mention broadcast' }, `@${n.name}`);
    case 'date': {
      const shown = formatDateToken(n.seconds, n.format, ctx.tz);
      const ms = Number(n.seconds) * 1000;
      const attrs =
        shown === undefined ? {} : { datetime: new Date(ms).toISOString(), title: fullDateTime(ms, ctx.tz) };
      const text = shown ?? n.fallback;
      return n.link && /^https?:\/\//.test(n.link)
        ? el('a', { href: n.link, target: '_blank', rel: 'noopener noreferrer' }, el('time', attrs, text))
        : el('time', { class: 'date', ...attrs }, text);
    }
    default:
      return document.createTextNode('');
  }
}

/** mrkdwn text as a fragment of DOM nodes. */
export function mrkdwn(text, ctx) {
  const frag = document.createDocumentFragment();
  for (const n of parseMrkdwn(text)) frag.append(node(n, ctx));
  return frag;
}

/** plain_text: no formatting, but shortcodes become emoji unless `emoji: false`. */
export function plainText(t) {
  const text = t?.text ?? '';
  if (t?.emoji === false) return text;
  return text.replace(/:([a-z0-9_+'-]+):/g, (whole, name) => EMOJI[name] ?? whole);
}

/** A text object, plain_text or mrkdwn. */
export function textObject(t, ctx) {
  if (!t) return document.createTextNode('');
  if (t.type === 'mrkdwn') return mrkdwn(t.text, ctx);
  return document.createTextNode(plainText(t));
}
