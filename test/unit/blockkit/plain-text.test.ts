import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../../src/blockkit/failure.js';
import { enumsInWords, enumWords } from '../../../src/blockkit/finding-details.js';
import { code, escapeMrkdwn, slackDate } from '../../../src/blockkit/mrkdwn.js';
import { mentionedPeople, mrkdwnToPlain } from '../../../src/blockkit/plain-text.js';
import { stepError, stepWords } from '../../../src/blockkit/workflow-step-words.js';
import { ApiError } from '../../../src/errors.js';

describe('mrkdwn as plain text (a workflow step’s error)', () => {
  it('drops the marks, shows links, dates and people in words, and escaped text as typed', () => {
    const text = `:warning: *Could not* snooze ${code('FND_1')}: _see_ <https://console.test/f/1|the finding>, ${slackDate('2026-12-03T14:00:00Z')}, asked by <@U0CAROL> in <#C0SEC|secops>; a &lt;b&gt; &amp; c _(ref ${code('r-1')})_`;
    expect(mrkdwnToPlain(text, { U0CAROL: 'Carol Chen' })).toBe(
      'Could not snooze FND_1: see the finding (https://console.test/f/1), 2026-12-03 14:00 UTC, asked by Carol Chen in #secops; a <b> & c (ref r-1)',
    );
  });

  it('a person Slack cannot name is "someone", never their id', () => {
    expect(mrkdwnToPlain('<@U0NOBODY> denied it')).toBe('someone denied it');
    expect(mentionedPeople('<@U0A> and <@U0B> and <@U0A>')).toEqual(['U0A', 'U0B']);
  });

  it('a tenant’s or person’s own underscores and asterisks inside words are kept', () => {
    const said = escapeMrkdwn('rule snake_case_name and 2*3*4');
    expect(mrkdwnToPlain(said)).toBe('rule snake_case_name and 2*3*4');
  });

  it('every failure sentence a step can end with reads as plain text, one ref style', () => {
    const failures = [
      describeFailure(
        new ApiError('x', {
          kind: 'invalid',
          operation: 'updateFindingState',
          serverMessage: 'bad *state*',
          processed: 'yes',
        }),
        'snooze finding `F`',
        'ref-1',
      ),
      describeFailure(new Error('boom'), 'snooze finding `F`', 'ref-2'),
      stepWords.badInput('The step does not take `shell`.', 'ref-3'),
      stepWords.closure(['false_positive', 'other']),
      stepWords.otherNeedsNote,
    ];
    for (const f of failures) {
      const plain = stepError(f);
      expect(plain).not.toMatch(/[`]|_\(|\)_|^:[a-z_]+:|<@|&amp;/);
      if (/ref/.test(f)) expect(plain).toMatch(/\(ref ref-\d\)/);
    }
  });
});

describe('the tenant’s enums in words', () => {
  it('a known type’s value in words; ids and codes the tenant quotes stay as they are', () => {
    expect(enumsInWords('cannot reopen a finding in state FINDING_STATE_SUPPRESSED')).toBe(
      'cannot reopen a finding in state suppressed',
    );
    expect(enumsInWords('severity FINDING_SEVERITY_HIGH, kind NEW_THING_KIND_X')).toBe(
      'severity high, kind NEW_THING_KIND_X',
    );
    expect(enumsInWords('no finding FND_SA_UNOWNED (HTTP_404_NOT_FOUND)')).toBe(
      'no finding FND_SA_UNOWNED (HTTP_404_NOT_FOUND)',
    );
  });

  it('a value of another prefix (a newer tenant) is shown in words too', () => {
    expect(enumWords('ESCALATED_BY_TENANT', 'FINDING_STATE_')).toBe('escalated by tenant');
    expect(enumWords('<!channel>', 'FINDING_STATE_')).toBe('&lt;!channel&gt;');
  });
});
