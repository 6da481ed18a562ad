import { renderFindingAlert } from '../blockkit/finding.js';
import { getFinding } from '../tenant/findings.js';
import type { WardenDeps } from './deps.js';

/** Posts a finding's alert card in a channel, as it is now. */
export async function showFinding(
  deps: WardenDeps,
  findingId: string,
  channel: string,
): Promise<{ ts: string | undefined }> {
  const finding = await getFinding(deps.tenant, findingId);
  const rendered = renderFindingAlert(finding, { now: deps.now() });
  const posted = await deps.slack.chat.postMessage({ channel, text: rendered.text, blocks: rendered.blocks });
  return { ts: posted.ts };
}
