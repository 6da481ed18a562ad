import { renderCampaign } from '../blockkit/campaign.js';
import { describeFailure } from '../blockkit/failure.js';
import { code } from '../blockkit/mrkdwn.js';
import { entitlementsCsv } from '../domain/entitlements.js';
import type { WardenDeps } from './deps.js';
import { type Audience, sendPrivately, tellUser } from './tell-user.js';

export interface CampaignRequest {
  campaignId: string;
  page: number;
  userId: string;
  audience: Audience;
  ref: string;
}

async function load(deps: WardenDeps, req: CampaignRequest) {
  try {
    return await deps.campaigns.get(req.campaignId);
  } catch (error) {
    deps.logger.warn(
      { err: error, ref: req.ref, campaignId: req.campaignId },
      'campaign could not be loaded',
    );
    await tellUser(
      deps,
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
export async function showCampaign(deps: WardenDeps, req: CampaignRequest, replace: boolean): Promise<void> {
  const view = await load(deps, req);
  if (!view) return;
  const rendered = renderCampaign(view.scope, view.entitlements, {
    campaignId: req.campaignId,
    page: req.page,
  });
  const sent = await sendPrivately(
    deps,
    req.audience,
    rendered,
    replace ? { replaceOriginal: true } : { responseUrlFirst: true },
  );
  if (!sent)
    deps.logger.error({ ref: req.ref, campaignId: req.campaignId }, 'campaign view could not be delivered');
}

/** Posts the current page for everyone in the channel (without paging buttons). */
export async function shareCampaign(deps: WardenDeps, req: CampaignRequest): Promise<void> {
  const view = await load(deps, req);
  if (!view) return;
  const rendered = renderCampaign(view.scope, view.entitlements, {
    campaignId: req.campaignId,
    page: req.page,
    shared: { by: req.userId },
  });
  try {
    await deps.slack.chat.postMessage({ channel: req.audience.channel, ...rendered });
  } catch (error) {
    deps.logger.warn({ err: error, ref: req.ref }, 'could not share the campaign');
    await tellUser(deps, req.audience, describeFailure(error, 'share the campaign in this channel', req.ref));
  }
}

/** Sends the whole entitlement list as a CSV file in a direct message to the person. */
export async function sendCampaignCsv(deps: WardenDeps, req: CampaignRequest): Promise<void> {
  const view = await load(deps, req);
  if (!view) return;
  const csv = entitlementsCsv(view.entitlements);
  try {
    const dm = await deps.slack.conversations.open({ users: req.userId });
    const channel = dm.channel?.id;
    if (!channel) throw new Error('conversations.open answered without a channel');
    await deps.slack.filesUploadV2({
      channel_id: channel,
      file: Buffer.from(csv, 'utf8'),
      filename: `${req.campaignId}-entitlements.csv`,
      title: `Access review ${req.campaignId}: selected entitlements`,
      initial_comment: `All ${view.entitlements.rows.length + view.entitlements.deleted.length} selected entitlements of access review ${req.campaignId} (deleted ones included, marked by deleted_at).`,
    });
    await tellUser(
      deps,
      req.audience,
      `:page_facing_up: Sent the CSV of ${code(req.campaignId)} to you in a direct message with Warden.`,
    );
  } catch (error) {
    deps.logger.warn({ err: error, ref: req.ref }, 'could not upload the CSV');
    await tellUser(deps, req.audience, describeFailure(error, 'upload the CSV', req.ref));
  }
}
