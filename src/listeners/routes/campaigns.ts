import { z } from 'zod';
import { CampaignActionId } from '../../blockkit/ids.js';
import { isResourceId } from '../../domain/finding-id.js';
import { pressCampaignButton } from '../../usecases/campaigns/show-campaign.js';
import { inChannel } from '../access.js';
import { action, type Click } from '../route.js';

const ValueSchema = z.object({ c: z.string().refine(isResourceId), p: z.number().int().min(0).max(100_000) });

/** A campaign button's value: the campaign and the page shown, as Warden wrote it. */
function campaignOf(c: Click) {
  try {
    const parsed = ValueSchema.safeParse(JSON.parse(c.value));
    return parsed.success ? { campaignId: parsed.data.c, page: parsed.data.p } : undefined;
  } catch {
    return undefined;
  }
}

/** Previous / Next, Download CSV and Share in channel on a campaign view. */
export const CAMPAIGN_ROUTES = [
  action({
    ids: Object.values(CampaignActionId),
    what: 'show the campaign',
    value: campaignOf,
    access: (_p, _v, c) => inChannel('campaign', { userId: c.userId, channel: c.audience.channel }),
    run: (p, v, c) =>
      pressCampaignButton(p, c.actionId, { ...v, userId: c.userId, audience: c.audience, ref: c.ref }),
  }),
];
