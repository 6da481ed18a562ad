import { describeFailure } from '../../blockkit/failure.js';
import { code } from '../../blockkit/mrkdwn.js';
import { t } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type ShowPorts, showFinding } from '../findings/show-finding.js';
import { logTenantFailure } from '../shared/log-failure.js';

/**
 * "Open card" next to a finding in a roll-up's thread: the finding gets its own card in the
 * channel, as it is now, tracked like every card (`show`'s permission applies).
 */
export async function openRollupCard(
  p: ShowPorts & Pick<Ports, 'privately'>,
  input: { findingId: string; userId: string; audience: Audience; ref: string },
): Promise<void> {
  const { channel } = input.audience;
  try {
    await showFinding(p, input.findingId, channel, input.audience);
  } catch (error) {
    logTenantFailure(
      p.logger.child({ ref: input.ref, findingId: input.findingId }),
      error,
      'open card failed',
    );
    await p.privately.tell(
      input.audience,
      describeFailure(error, t('rollup.whatShow', { finding: code(input.findingId) }), input.ref),
    );
  }
}
