import { renderCampaign } from '../../blockkit/campaign.js';
import { describeFailure } from '../../blockkit/failure.js';
import { CampaignActionId } from '../../blockkit/ids.js';
import { code } from '../../blockkit/mrkdwn.js';
import { csvSent } from '../../blockkit/outcome-words.js';
import { entitlementsCsv } from '../../domain/entitlements.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { logTenantFailure } from '../shared/log-failure.js';

export type CampaignPorts = Pick<Ports, 'campaigns' | 'privately' | 'chat' | 'files' | 'logger'>;

export interface CampaignRequest {
  campaignId: string;
  page: number;
  userId: string;
  audience: Audience;
  ref: string;
}

async function load(p: CampaignPorts, req: CampaignRequest) {
  try {
    return await p.campaigns.get(req.campaignId);
  } catch (error) {
    logTenantFailure(
      p.logger.child({ ref: req.ref, campaignId: req.campaignId }),
      error,
      'campaign could not be loaded',
    );
    await p.privately.tell(
      req.audience,
      describeFailure(error, `load access review ${code(req.campaignId)}`, req.ref),
    );
    return undefined;
  }
}

/**
 * Shows a campaign to the person who asked (ephemeral). `replace` swaps the page in place when a
 * Previous / Next button on that ephemeral message was clicked.
 */
export async function showCampaign(p: CampaignPorts, req: CampaignRequest, replace: boolean): Promise<void> {
  const view = await load(p, req);
  if (!view) return;
  const rendered = renderCampaign(view.scope, view.entitlements, {
    campaignId: req.campaignId,
    page: req.page,
  });
  const sent = await p.privately.send(
    req.audience,
    rendered,
    replace ? { replaceOriginal: true } : { responseUrlFirst: true },
  );
  if (!sent)
    p.logger.error({ ref: req.ref, campaignId: req.campaignId }, 'campaign view could not be delivered');
}

/** Posts the current page for everyone in the channel (without paging buttons). */
export async function shareCampaign(p: CampaignPorts, req: CampaignRequest): Promise<void> {
  const view = await load(p, req);
  if (!view) return;
  const rendered = renderCampaign(view.scope, view.entitlements, {
    campaignId: req.campaignId,
    page: req.page,
    shared: { by: req.userId },
  });
  try {
    await p.chat.post({ channel: req.audience.channel, ...rendered });
  } catch (error) {
    p.logger.warn({ err: error, ref: req.ref }, 'could not share the campaign');
    await p.privately.tell(
      req.audience,
      describeFailure(error, 'share the campaign in this channel', req.ref),
    );
  }
}

/** Sends the whole entitlement list as a CSV file in a direct message to the person. */
export async function sendCampaignCsv(p: CampaignPorts, req: CampaignRequest): Promise<void> {
  const view = await load(p, req);
  if (!view) return;
  const csv = entitlementsCsv(view.entitlements);
  try {
    const channel = await p.files.openDm(req.userId);
    await p.files.upload({
      channel,
      content: csv,
      filename: `${req.campaignId}-entitlements.csv`,
      title: `Access review ${req.campaignId}: selected entitlements`,
      comment: `All ${view.entitlements.rows.length + view.entitlements.deleted.length} selected entitlements of access review ${req.campaignId} (deleted ones included, marked by deleted_at).`,
    });
    await p.privately.tell(req.audience, csvSent(req.campaignId));
  } catch (error) {
    p.logger.warn({ err: error, ref: req.ref }, 'could not upload the CSV');
    await p.privately.tell(req.audience, describeFailure(error, 'upload the CSV', req.ref));
  }
}

/** A button on a campaign view (the runner checked the person may still see campaigns here). */
export async function pressCampaignButton(
  p: CampaignPorts,
  actionId: string,
  req: CampaignRequest,
): Promise<void> {
  if (actionId === CampaignActionId.csv) await sendCampaignCsv(p, req);
  else if (actionId === CampaignActionId.share) await shareCampaign(p, req);
  else await showCampaign(p, req, true);
}
