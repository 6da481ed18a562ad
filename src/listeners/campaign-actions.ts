import type { App } from '@slack/bolt';
import { z } from 'zod';
import { CampaignActionId } from '../blockkit/campaign.js';
import { isResourceId } from '../domain/finding-id.js';
import { authorize } from '../usecases/authorize.js';
import type { WardenDeps } from '../usecases/deps.js';
import { sendCampaignCsv, shareCampaign, showCampaign } from '../usecases/show-campaign.js';
import { tellUser } from '../usecases/tell-user.js';
import { BlockActionSchema } from './payloads.js';
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

const CAMPAIGN_ACTION = /^campaign\.(page\.(prev|next)|csv|share)$/;

/** Previous / Next, Download CSV and Share in channel on a campaign view. */
export function registerCampaignListeners(app: App, deps: WardenDeps): void {
  app.action(CAMPAIGN_ACTION, async ({ ack, body, context }) => {
    await ack();
    await deps.work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) {
        deps.logger.warn({ ref }, 'malformed campaign action ignored');
        return;
      }
      const p = parsed.data;
      const [action] = p.actions;
      const channel = p.channel?.id ?? p.container?.channel_id ?? p.user.id;
      const audience = { channel, user: p.user.id, responseUrl: p.response_url ?? undefined };
      const value = parseValue(action?.value);
      if (!action || !value) {
        deps.logger.warn({ ref, user: p.user.id }, 'campaign button with an invalid value refused');
        await tellUser(deps, audience, ':warning: This button is not valid; run the command again.');
        return;
      }
      if (!(await authorize(deps, { userId: p.user.id, action: 'campaign', channel, ref }, audience))) return;
      const req = { campaignId: value.c, page: value.p, userId: p.user.id, audience, ref };
      if (action.action_id === CampaignActionId.csv) await sendCampaignCsv(deps, req);
      else if (action.action_id === CampaignActionId.share) await shareCampaign(deps, req);
      else await showCampaign(deps, req, true);
    });
  });
}
