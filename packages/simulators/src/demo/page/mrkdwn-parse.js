// Slack's mrkdwn, parsed as Slack parses it (docs.slack.dev, "Formatting text for app surfaces"),
// into a small tree the page turns into DOM nodes. Pure: no DOM here, so it is tested in Node.
//
// - `*bold*`, `_italic_`, `~strike~` only at word boundaries: the opening mark follows the start
//   or a non-word character, the closing one precedes the end or a non-word character, and
//   neither touches a space inside. `FND_DECOY_USED` and `snake_case_id` stay as written.
// - `` `code` `` and ```` ```blocks``` ````: nothing inside is formatted.
// - `<url|label>`, `<@U…>`, `<#C…|name>`, `<!subteam^S…|@handle>`, `<!here>`, `<!channel>`,
//   `<!everyone>`, `<!date^seconds^format^link|fallback>`.
// - `&lt;`, `&gt;`, `&amp;` are the only entities Slack decodes.
// - `:shortcode:` becomes an emoji when Slack knows it (emoji.js); `> ` starts a quote line.

import { EMOJI } from './emoji.js';

export const decode = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const MARKS = { '*': 'b', _: 'i', '~': 's' };

/** The end of a `<…>` or `` `…` `` starting at i (index after it), or -1. */
function atomEnd(s, i) {
  if (s[i] === '<') {
    const j = s.indexOf('>', i + 1);
    const inner = j === -1 ? '' : s.slice(i + 1, j);
    return j > i + 1 && !inner.includes('<') && !inner.includes('\n') ? j + 1 : -1;
  }
  if (s[i] === '`') {
    const j = s.indexOf('`', i + 1);
    return j > i + 1 && !s.slice(i + 1, j).includes('\n') ? j + 1 : -1;
  }
  return -1;
}

/** Where the formatting mark at i closes, or -1 if it does not open a span. */
function closing(s, i) {
  const mark = s[i];
  const before = i > 0 ? s[i - 1] : '';
  const after = s[i + 1] ?? '';
  if ((before && (WORD.test(before) || before === mark)) || !after || SPACE.test(after) || after === mark)
    return -1;
  for (let k = i + 1; k < s.length; k++) {
    const end = atomEnd(s, k);
    if (end !== -1) {
      k = end - 1;
      continue;
    }
    if (s[k] === '\n') return -1;
    if (s[k] !== mark || k === i + 1) continue;
    const next = s[k + 1] ?? '';
    if (!SPACE.test(s[k - 1]) && (!next || !WORD.test(next))) return k;
  }
  return -1;
}

/** One `<…>` sequence. */
function special(inner) {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? '' : decode(inner.slice(bar + 1));
  if (/^@[UW][A-Z0-9]+$/.test(target)) return { t: 'user', id: target.slice(1), label };
  if (/^#[CG][A-Z0-9]+$/.test(target)) return { t: 'channel', id: target.slice(1), label };
  if (target.startsWith('!subteam^')) return { t: 'group', id: target.slice(9), label };
  if (target.startsWith('!date^')) {
    const [, seconds = '', format = '', link = ''] = target.split('^');
    return { t: 'date', seconds, format, link, fallback: label };
  }
  if (/^!(here|channel|everyone)$/.test(target)) return { t: 'broadcast', name: target.slice(1) };
  if (target.startsWith('!')) return { t: 'text', s: label };
  if (/^(https?:\/\/|mailto:)/i.test(target))
    return { t: 'link', url: decode(target), label: label || decode(target) };
  return { t: 'text', s: decode(label || target) };
}

/** A line's inline formatting. */
export function parseInline(s) {
  const out = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', s: decode(text) });
    text = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const end = atomEnd(s, i);
    if (end !== -1) {
      flush();
      out.push(
        ch === '<' ? special(s.slice(i + 1, end - 1)) : { t: 'code', s: decode(s.slice(i + 1, end - 1)) },
      );
      i = end - 1;
      continue;
    }
    if (ch === ':') {
      const m = /^:([a-z0-9_+'-]+):/.exec(s.slice(i));
      if (m && EMOJI[m[1]]) {
        flush();
        out.push({ t: 'emoji', name: m[1], ch: EMOJI[m[1]] });
        i += m[0].length - 1;
        continue;
      }
    }
    if (MARKS[ch]) {
      const k = closing(s, i);
      if (k !== -1) {
        flush();
        out.push({ t: MARKS[ch], c: parseInline(s.slice(i + 1, k)) });
        i = k;
        continue;
      }
    }
    text += ch;
  }
  flush();
  return out;
}

const QUOTE = /^(?:>|&gt;) ?/;

/** Lines: quote lines (`> `) grouped, the others separated by line breaks. */
function parseLines(segment) {
  const out = [];
  let quote = null;
  segment.split('\n').forEach((line, n) => {
    if (QUOTE.test(line)) {
      if (!quote) {
        quote = { t: 'quote', c: [] };
        out.push(quote);
      } else quote.c.push({ t: 'br' });
      quote.c.push(...parseInline(line.replace(QUOTE, '')));
      return;
    }
    if (n > 0 && !quote) out.push({ t: 'br' });
    quote = null;
    out.push(...parseInline(line));
  });
  return out;
}

/** The whole text: code blocks first (nothing inside them is formatted), then lines. */
export function parseMrkdwn(text) {
  const out = [];
  const s = String(text ?? '');
  let last = 0;
  for (const m of s.matchAll(/```([\s\S]*?)```/g)) {
    if (m.index > last) out.push(...parseLines(s.slice(last, m.index)));
    out.push({ t: 'pre', s: decode(m[1].replace(/^\n/, '')) });
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(...parseLines(s.slice(last)));
  return out;
}
