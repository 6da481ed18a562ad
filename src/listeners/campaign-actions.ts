import type { App } from '@slack/bolt';
import { z } from 'zod';
import { CAMPAIGN_ACTION_ID } from '../blockkit/ids.js';
import { isResourceId } from '../domain/finding-id.js';
import { pressCampaignButton } from '../usecases/show-campaign.js';
import type { ListenerContext } from './context.js';
import { audienceOf, BlockActionSchema } from './payloads.js';
import { refOf } from './ref.js';

const ValueSchema = z.object({ c: z.string().refine(isResourceId), p: z.number().int().min(0).max(100_000) });

function parseValue(raw: string | null | undefined) {
  try {
    const parsed = ValueSchema.safeParse(JSON.parse(raw ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Previous / Next, Download CSV and Share in channel on a campaign view. */
export function registerCampaignListeners(app: App, { ports, work }: ListenerContext): void {
  app.action(CAMPAIGN_ACTION_ID, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) {
        ports.logger.warn({ ref }, 'malformed campaign action ignored');
        return;
      }
      const p = parsed.data;
      const [action] = p.actions;
      const audience = audienceOf(p);
      const value = parseValue(action?.value);
      if (!action || !value) {
        ports.logger.warn({ ref, user: p.user.id }, 'campaign button with an invalid value refused');
        await ports.privately.tell(audience, ':warning: This button is not valid; run the command again.');
        return;
      }
      await pressCampaignButton(ports, action.action_id, {
        campaignId: value.c,
        page: value.p,
        userId: p.user.id,
        audience,
        ref,
      });
    });
  });
}
