import {
  STEP_UP_PAGE,
  type StepUpRefusal,
  stepUpRefusedInSlack,
  stepUpWhat,
} from '../../blockkit/step-up-words.js';
import type { Ports } from '../../ports/index.js';
import type { StepUpRecord } from '../../ports/step-up.js';
import { recordAudit } from '../shared/record-audit.js';
import { failHeldStep } from '../workflow-steps/workflow-step-up.js';

/**
 * A verification refused, the same way from every step of it (the link's page, its button, the
 * provider's answer): counted, logged, audited, told to the person in Slack, a held workflow step
 * failed when this refusal settled it; nothing is sent to the tenant.
 */

export type VerifyPorts = Pick<
  Ports,
  | 'stepUps'
  | 'identity'
  | 'people'
  | 'privately'
  | 'settings'
  | 'clock'
  | 'audit'
  | 'logger'
  | 'metrics'
  | 'steps'
>;

/**
 * What the browser is answered: a redirect to the provider, the link's page with its button
 * (`confirm`: what it is for; the route sets the browser's cookie with it), or a page saying what
 * happened.
 */
export type BrowserAnswer =
  | { redirect: string }
  | { confirm: string; status: 200; expiresInSeconds: number }
  | { page: string; status: number };

/** What the held action is, as the person was told in Slack (mrkdwn), or in plain words for a page. */
export const whatOf = (r: StepUpRecord, plain = false) => {
  const intent = r.intent as { what?: unknown };
  if (plain || typeof intent.what !== 'string') return stepUpWhat(r.key, r.findingIds, plain);
  return intent.what;
};

export async function refuse(
  p: VerifyPorts,
  record: StepUpRecord | undefined,
  why: StepUpRefusal,
  ref: string,
  /** This refusal settled the held action (not a link already used): a held step is failed. */
  settled = false,
): Promise<BrowserAnswer> {
  p.metrics.stepUps.inc({ action: record?.key ?? 'unknown', outcome: 'refused', reason: why });
  p.logger.warn({ ref, user: record?.userId, action: record?.key, why }, 'step-up verification refused');
  if (record) {
    await recordAudit(p, {
      userId: record.userId,
      channel: record.channel,
      findingId: record.findingIds[0] ?? '',
      action: `stepUp.${record.key}`,
      params: { ref, step: 'refused', why },
      outcome: 'refused',
    });
    await p.privately.tell(
      { channel: record.channel, user: record.userId },
      stepUpRefusedInSlack(whatOf(record), why),
    );
    if (settled) await failHeldStep(p, record, why);
  }
  return { page: STEP_UP_PAGE.refused(why), status: 403 };
}

/** The page alone (a look at a link that needs no telling: nothing changed). */
export const refusedPage = (why: StepUpRefusal): BrowserAnswer => ({
  page: STEP_UP_PAGE.refused(why),
  status: why === 'unknown' || why === 'notConfigured' ? 404 : 403,
});

/** A link or an answer of no verification Warden knows (or of no workspace it serves now). */
export function unknownLink(p: Pick<VerifyPorts, 'metrics' | 'logger'>, ref: string): BrowserAnswer {
  p.metrics.stepUps.inc({ action: 'unknown', outcome: 'refused', reason: 'unknown' });
  p.logger.warn({ ref, why: 'unknown' }, 'step-up verification refused');
  return refusedPage('unknown');
}
