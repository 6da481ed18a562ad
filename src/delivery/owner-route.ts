import { OWNER_ROUTE } from '../domain/routing.js';
import type { Locale } from '../i18n/locale.js';
import type { Finding } from '../model/finding.js';
import type { OutboxRow } from '../ports/store.js';
import type { OwnerDm } from '../usecases/owners/owner-dm.js';

/** Finds the owner's direct message for a finding (usecases/owners/owner-dm.ts over the ports). */
export type OwnerDmFinder = (finding: Finding) => Promise<OwnerDm>;

/** Mapping failures that may pass by themselves: the row is tried again later. */
const PASSING = new Set(['not-mapped:unavailable', 'slack-unavailable']);

/**
 * Where an outbox row goes: its channel, or for a row routed to the finding's owner
 * (`notifyOwner: true`) the owner's direct message, resolved now. An owner Warden cannot reach
 * (no owner, not in Slack, a guest…) fails the row with the reason, for operators to see; it is
 * not retried in a loop.
 */
export async function deliveryChannel(
  row: OutboxRow & { channel: string },
  finding: Finding,
  ownerDm: OwnerDmFinder | undefined,
): Promise<{ channel: string; locale?: Locale | undefined } | { failed: string } | { later: string }> {
  if (row.channel !== OWNER_ROUTE) return { channel: row.channel };
  if (!ownerDm) return { failed: 'owner not notified: no owner directory in this worker' };
  const dm = await ownerDm(finding);
  if (dm.ok) return { channel: dm.channel, locale: dm.locale };
  return PASSING.has(dm.code)
    ? { later: `owner not reached: ${dm.code}` }
    : { failed: `owner not notified: ${dm.code}` };
}
