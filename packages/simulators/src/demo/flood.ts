import { request } from 'undici';
import { signedPostHeaders } from '../signed-post.js';
import type { SandboxTenant } from '../tenant/server.js';

/**
 * Alerts for the demo, through Warden's real intake (`POST /hooks/findings`): the first few as
 * the tenant's signed finding-dispatch webhooks and HMAC-signed posts, and on demand a flood of
 * new findings the tenant then knows (so their buttons work), as a burst of signed posts.
 */

export interface IntakeTarget {
  tenant: SandboxTenant;
  wardenUrl: string;
  alertsSecret: string;
}

/** A burst's findings are copies of these seeds, so the flood has a few kinds and severities. */
const TEMPLATES = ['FND_CRED_EXPOSED', 'FND_SA_UNOWNED', 'FND_UNUSED_SECRET', 'FND_DECOY_USED'];
const SEVERITIES = ['FINDING_SEVERITY_CRITICAL', 'FINDING_SEVERITY_HIGH', 'FINDING_SEVERITY_MEDIUM'];

/** An HMAC-signed alert post, as a SIEM or a script would send it; answers the HTTP status. */
export async function postAlert(t: IntakeTarget, finding: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({ finding });
  const res = await request(`${t.wardenUrl}/hooks/findings`, {
    method: 'POST',
    headers: signedPostHeaders(t.alertsSecret, body),
    body,
  });
  await res.body.dump();
  return res.statusCode;
}

/** The demo's first alerts: two as the tenant's own webhooks, the rest as signed posts. */
export async function postSeedAlerts(t: IntakeTarget, ids: readonly string[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const finding = t.tenant.findings.get(id, Date.now());
    if (!finding) continue;
    if (i < 2) await t.tenant.sendFindingWebhook(`${t.wardenUrl}/hooks/findings`, finding);
    else await postAlert(t, finding);
  }
}

let burstCount = 0;

/**
 * `count` new findings, each put in the tenant and posted at once; answers their ids. By default
 * a third of them are critical; `severityOf` chooses otherwise (the bench: 6 critical in 600).
 */
export async function postFlood(
  t: IntakeTarget,
  count: number,
  severityOf: (i: number) => string = (i) => SEVERITIES[i % SEVERITIES.length] ?? 'FINDING_SEVERITY_MEDIUM',
): Promise<string[]> {
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const burst = ++burstCount;
  const findings = Array.from({ length: count }, (_, i) => {
    const template = t.tenant.findings.get(TEMPLATES[i % TEMPLATES.length] ?? '', now);
    const id = `FND_FLOOD_${burst}_${String(i + 1).padStart(3, '0')}`;
    const finding = {
      ...structuredClone(template ?? {}),
      id,
      state: 'FINDING_STATE_OPEN',
      severity: severityOf(i),
      fingerprint: `fp-${id.toLowerCase()}`,
      recurrenceCount: 1,
      createdAt: iso,
      updatedAt: iso,
      firstObservedAt: iso,
      lastObservedAt: iso,
      lastAppearedAt: iso,
      snoozeUntil: null,
      riskAcceptanceExpiresAt: null,
    };
    t.tenant.findings.put(finding);
    return finding;
  });
  const statuses = await Promise.all(findings.map((f) => postAlert(t, f)));
  const refused = statuses.filter((s) => s !== 202 && s !== 200).length;
  if (refused > 0) throw new Error(`Warden refused ${refused} of ${count} alerts`);
  return findings.map((f) => f.id);
}
