import { renderFindingAlert } from '../blockkit/finding.js';
import { getFinding } from '../tenant/findings.js';
import type { WardenDeps } from './deps.js';

/** Posts a finding's alert card in a channel, as it is now, and remembers where it is. */
export async function showFinding(
  deps: WardenDeps,
  findingId: string,
  channel: string,
): Promise<{ ts: string | undefined }> {
  const finding = await getFinding(deps.tenant, findingId);
  const now = deps.now();
  const rendered = renderFindingAlert(finding, { now });
  const posted = await deps.slack.chat.postMessage({ channel, text: rendered.text, blocks: rendered.blocks });
  if (posted.ts) {
    await deps.store
      .upsertMessage(
        {
          findingId: finding.id,
          channel,
          ts: posted.ts,
          lastState: finding.state ?? null,
          lastRecurrence: finding.recurrenceCount ?? null,
        },
        now.getTime(),
      )
      .catch((error: unknown) => deps.logger.warn({ err: error, findingId }, 'message index not updated'));
  }
  return { ts: posted.ts };
}
