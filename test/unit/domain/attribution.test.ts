import { describe, expect, it } from 'vitest';
import { attribute, hideEmails, withoutAttribution } from '../../../src/domain/attribution.js';

const alice = { userId: 'U0ALICE', name: 'alice', email: 'alice@acme.example' };
const noEmail = { userId: 'U0BOB', name: 'Bob Brown', email: undefined };

describe('withoutAttribution', () => {
  it.each([
    '{text} — via Slack by {name} ({userId})',
    '{text} — via Slack by {name} ({email})',
    '{text} [slack {userId} {email}]',
    '{text} — via Slack by {userId} {name}',
    '[{name}] {text}',
    '{text}',
  ])('gives back the person’s words from what %s recorded, approved or not', (template) => {
    for (const who of [alice, noEmail]) {
      for (const words of ['waiting on vendor', 'a — via Slack by b', 'two\nlines (and parentheses)']) {
        const signed = attribute(template, words, who);
        expect(withoutAttribution(template, signed)).toBe(words);
        expect(withoutAttribution(template, attribute(template, words, who, alice))).toBe(words);
      }
    }
  });

  it('leaves text the template did not make as it came', () => {
    expect(withoutAttribution('{text} — via Slack by {name} ({email})', 'typed in the tenant')).toBe(
      'typed in the tenant',
    );
  });
});

describe('hideEmails', () => {
  it('hides every email address', () => {
    expect(hideEmails('from a.b+c@x.example and d@e.co')).toBe('from [email hidden] and [email hidden]');
  });
});
