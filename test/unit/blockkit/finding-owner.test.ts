import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { renderFindingAlert } from '../../../src/blockkit/finding.js';
import type { Finding } from '../../../src/model/finding.js';
import { seedFinding } from '../../helpers/seed-finding.js';

/** The finding's owner on its card: a mention when mapped, the tenant's name and why when not. */
const now = new Date('2026-11-22T12:00:00Z');
const seed = seedFinding;
const buttons = (f: Finding) =>
  [...JSON.stringify(renderFindingAlert(f, { now })).matchAll(/"action_id":"(finding\.[a-zA-Z_]+)"/g)].map(
    (m) => m[1],
  );

describe('the owner on the card', () => {
  const owned = (o: Partial<Finding>): Finding => ({ ...seed('FND_SA_UNOWNED'), computedOwner: null, ...o });
  const person = (p: Partial<import('../../../src/ports/owners.js').OwnerPerson>) => ({
    identityUserId: SEED_IDS.users.bob,
    name: 'Bob Brown',
    slackUserId: undefined,
    ...p,
  });
  const ownerField = (f: Finding, ctx: Parameters<typeof renderFindingAlert>[1]) =>
    JSON.stringify(renderFindingAlert(f, ctx)).match(/\*Owner\*\\n([^"]*)"/)?.[1];

  it('is a mention when mapped, labelled assigned or computed, and offers Notify owner', () => {
    const f = owned({ assignedOwner: { identityUserId: SEED_IDS.users.bob } });
    const shown = { which: 'assigned' as const, person: person({ slackUserId: 'U0BOB' }) };
    expect(ownerField(f, { now, owner: shown })).toBe('<@U0BOB> (assigned)');
    expect(buttons(f).length).toBeGreaterThan(0);
    const withOwner = JSON.stringify(renderFindingAlert(f, { now, owner: shown }));
    expect(withOwner).toContain('finding.notify_owner');
    // the owner's own copy, in a direct message, does not offer to notify them
    expect(JSON.stringify(renderFindingAlert(f, { now, owner: shown, directMessage: true }))).not.toContain(
      'finding.notify_owner',
    );
    const computed = { which: 'computed' as const, person: person({ slackUserId: 'U0BOB' }) };
    expect(
      ownerField(owned({ computedOwner: { identityUserId: SEED_IDS.users.bob } }), { now, owner: computed }),
    ).toBe('<@U0BOB> (computed)');
  });

  it('is the tenant’s name and id when unmapped, saying why, with no Notify owner', () => {
    const f = owned({ assignedOwner: { identityUserId: SEED_IDS.users.noEmail } });
    const cases = [
      ['no-email', 'no email in the tenant'],
      ['not-in-slack', 'not found in Slack'],
      ['emails-hidden', 'emails are hidden in Slack, so shown by id'],
      ['no-tenant-user', 'not in the tenant'],
    ] as const;
    for (const [why, words] of cases) {
      const shown = {
        which: 'assigned' as const,
        person: person({ identityUserId: SEED_IDS.users.noEmail, name: 'Build <!channel>', why }),
      };
      const text = ownerField(f, { now, owner: shown }) ?? '';
      expect(text).toContain(`\`${SEED_IDS.users.noEmail}\``);
      expect(text).toContain(words);
      expect(text).toContain('Build &lt;!channel&gt;');
      expect(JSON.stringify(renderFindingAlert(f, { now, owner: shown }))).not.toContain(
        'finding.notify_owner',
      );
    }
  });

  it('falls back to the tenant’s reference when Warden has not mapped the owner', () => {
    expect(ownerField(owned({ computedOwner: { identityUserId: SEED_IDS.users.bob } }), { now })).toBe(
      `identity \`${SEED_IDS.users.bob}\` (computed)`,
    );
  });
});
