import type { ContainOption } from '../../blockkit/contain.js';
import { containRefusal } from '../../blockkit/contain-words.js';
import { code } from '../../blockkit/mrkdwn.js';
import {
  type ContainRule,
  containRuleOf,
  containTargetOf,
  targetAllows,
  targetKeyOf,
} from '../../domain/contain.js';
import { findingTypeOf } from '../../domain/finding-type.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';

/**
 * What Contain… can offer for a finding, asked of the tenant: the finding's target names the
 * account or the person (domain/contain.ts); the tenant names the app, the account, what it
 * holds, and the person (their Slack self through the owner directory). Never guessed: an account
 * that holds nothing offers no revoke, a person the tenant does not know no offboarding.
 */
export type OptionsPorts = Pick<Ports, 'tasks' | 'owners' | 'settings'>;

export type Offer =
  | { ok: true; type: string; rule: ContainRule; targetKey: string; options: ContainOption[] }
  | { ok: false; why: string };

async function personOf(p: OptionsPorts, identityUserId: string) {
  const person = await p.owners.personOf(identityUserId);
  if (person.why === 'no-tenant-user' || person.why === 'unavailable') return undefined;
  return {
    name: person.name,
    slackId: person.slackUserId && !person.guest ? person.slackUserId : undefined,
  };
}

export async function containOffer(p: OptionsPorts, finding: Finding): Promise<Offer> {
  const rules = p.settings.contain?.rules ?? {};
  const configured = containRuleOf(rules, finding);
  if (!configured)
    return { ok: false, why: containRefusal.notConfigured(findingTypeOf(finding)?.title ?? 'these') };
  const target = containTargetOf(finding);
  const { rule } = configured;
  if (!target || !rule.actions.some((a) => targetAllows(target, a)))
    return { ok: false, why: containRefusal.noTarget };
  const options: ContainOption[] = [];
  let subject: string | undefined;
  if (target.kind === 'account') {
    const [app, account] = await Promise.all([
      p.tasks.appName(target.appId),
      p.tasks.account(target.appId, target.appUserId),
    ]);
    const accountName = account?.displayName || account?.username || undefined;
    if (rule.actions.includes('revoke')) {
      for (const g of await p.tasks.grants(target.appId, target.appUserId))
        options.push({
          action: 'revoke',
          entitlementId: g.entitlementId,
          appId: target.appId,
          appUserId: target.appUserId,
          words: { app, account: accountName, entitlement: g.name },
        });
    }
    subject = account?.identityUserId || undefined;
    if (options.length === 0 && !(subject && rule.actions.includes('offboard')))
      return {
        ok: false,
        why: containRefusal.nothingHeld(accountName ? `*${accountName}*` : code(target.appUserId, 80)),
      };
  } else if (target.kind === 'identity') subject = target.identityUserId;
  else subject = target.ownerIdentityUserId;
  if (subject && rule.actions.includes('offboard')) {
    const person = await personOf(p, subject);
    if (person)
      options.push({
        action: 'offboard',
        subjectId: subject,
        words: { person: person.name, personSlackId: person.slackId },
      });
  }
  if (options.length === 0) return { ok: false, why: containRefusal.noPerson };
  return { ok: true, type: configured.type, rule, targetKey: targetKeyOf(finding), options };
}
