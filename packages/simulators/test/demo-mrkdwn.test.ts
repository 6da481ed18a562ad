import { describe, expect, it } from 'vitest';
import { type MrkdwnNode, parseMrkdwn } from '../src/demo/page/mrkdwn-parse.js';
import { formatDateToken, tsKey } from '../src/demo/page/time.js';

/** The demo page's mrkdwn, parsed as Slack's formatting reference describes it. */

/** The text a node tree shows, with formatting marked: *b*, _i_, ~s~, `code`, [emoji]. */
function shown(nodes: MrkdwnNode[]): string {
  return nodes
    .map((n) => {
      switch (n.t) {
        case 'text':
          return n.s;
        case 'b':
          return `<b>${shown(n.c)}</b>`;
        case 'i':
          return `<i>${shown(n.c)}</i>`;
        case 's':
          return `<s>${shown(n.c)}</s>`;
        case 'quote':
          return `<q>${shown(n.c)}</q>`;
        case 'code':
          return `<code>${n.s}</code>`;
        case 'pre':
          return `<pre>${n.s}</pre>`;
        case 'br':
          return '\n';
        case 'emoji':
          return `[${n.ch}]`;
        case 'link':
          return `<a ${n.url}>${n.label}</a>`;
        case 'user':
        case 'channel':
        case 'group':
          return `<${n.t} ${n.id}>`;
        case 'broadcast':
          return `<@${n.name}>`;
        case 'date':
          return `<date ${n.seconds} ${n.format} ${n.fallback}>`;
      }
      return '';
    })
    .join('');
}
const md = (text: string) => shown(parseMrkdwn(text));

describe('the demo page reads mrkdwn as Slack does', () => {
  it('keeps ids with underscores intact: italic only at word boundaries', () => {
    expect(md('finding FND_DECOY_USED was used')).toBe('finding FND_DECOY_USED was used');
    expect(md('snake_case_id and _really_ so')).toBe('snake_case_id and <i>really</i> so');
    expect(md('(_quiet_), _no owner_')).toBe('(<i>quiet</i>), <i>no owner</i>');
    expect(md('_ not italic _')).toBe('_ not italic _');
    expect(md('2*3*4 stays')).toBe('2*3*4 stays');
  });

  it('reads bold, strike, nesting, code and code blocks', () => {
    expect(md('*Owner*: _none_ ~old~')).toBe('<b>Owner</b>: <i>none</i> <s>old</s>');
    expect(md('*bold with _italic_ inside*')).toBe('<b>bold with <i>italic</i> inside</b>');
    expect(md('`FND_*X*_1` and ```\n*raw* _text_\n```')).toBe(
      '<code>FND_*X*_1</code> and <pre>*raw* _text_\n</pre>',
    );
  });

  it('reads links, mentions, groups, broadcasts and dates; decodes only &lt; &gt; &amp;', () => {
    expect(md('<https://x.example/a?b=1&amp;c=2|the docs> by <@U0ALICE> in <#C0SECOPS|secops>')).toBe(
      '<a https://x.example/a?b=1&c=2>the docs</a> by <user U0ALICE> in <channel C0SECOPS>',
    );
    expect(md('<!subteam^S0SECLEADS> <!here> &lt;!channel&gt; &amp;amp; &quot;')).toBe(
      '<group S0SECLEADS> <@here> <!channel> &amp; &quot;',
    );
    expect(md('until <!date^1767225600^{date_short} at {time}|2026-01-01 00:00 UTC>')).toBe(
      'until <date 1767225600 {date_short} at {time} 2026-01-01 00:00 UTC>',
    );
  });

  it('turns the shortcodes Warden uses into emoji, and leaves unknown ones', () => {
    expect(md(':warning: :no_entry_sign: :hourglass_flowing_sand: :white_check_mark: :scales:')).toBe(
      '[⚠️] [🚫] [⏳] [✅] [⚖️]',
    );
    expect(md(':not_an_emoji: at 12:30:45')).toBe(':not_an_emoji: at 12:30:45');
  });

  it('groups quote lines', () => {
    // A quote is a block of its own: no line break around it.
    expect(md('asks:\n> first\n&gt; second\nafter')).toBe('asks:<q>first\nsecond</q>after');
  });
});

describe('Slack date tokens and times, in the reader’s zone', () => {
  const at = Date.parse('2026-12-01T22:30:00Z') / 1000;
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('fills the tokens for the reader’s time zone', () => {
    expect(formatDateToken(at, '{date_num}', 'UTC', now)).toBe('2026-12-01');
    expect(formatDateToken(at, '{date_num}', 'Asia/Tokyo', now)).toBe('2026-12-02');
    expect(formatDateToken(at, '{date_long}', 'UTC', now)).toBe('Tuesday, December 1st, 2026');
    expect(formatDateToken(at, '{date_short}', 'UTC', now)).toBe('Dec 1, 2026');
    expect(formatDateToken(at, '{date_short_pretty}', 'UTC', now)).toBe('today');
    expect(formatDateToken(at, '{date_short_pretty}', 'Asia/Tokyo', now)).toBe('tomorrow');
    expect(formatDateToken(at, '{unknown}', 'UTC', now)).toBe('{unknown}');
    expect(formatDateToken('x', '{date}', 'UTC', now)).toBeUndefined();
  });

  it('orders Slack ts values exactly', () => {
    expect(tsKey('1767225600.000002')).toBeGreaterThan(tsKey('1767225600.000001'));
    expect(tsKey('1767225601.000000') - tsKey('1767225600.999999')).toBe(1);
  });
});
