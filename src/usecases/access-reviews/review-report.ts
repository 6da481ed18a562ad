import { reviewWords } from '../../blockkit/access-review-words.js';
import type { ReviewJob } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { JobResult } from '../shared/lifecycle-job.js';
import { reviewsOf } from './reviewer.js';

/**
 * At a campaign's close, its report (the tenant's own generation, CSV) to its owner in a direct
 * message: asked for once, then looked for until the tenant has made it (it is asynchronous);
 * an owner Warden cannot reach in Slack is said in the campaign's channel instead.
 */

export type ReportPorts = Pick<Ports, 'accessReviews' | 'settings' | 'chat' | 'files' | 'owners' | 'logger'>;

export async function sendCampaignReport(p: ReportPorts, job: ReviewJob): Promise<JobResult> {
  const campaignId = (job.payload as { campaignId?: unknown } | null)?.campaignId;
  if (typeof campaignId !== 'string') return { status: 'failed', outcome: 'unreadable job' };
  const reviews = reviewsOf(p);
  let campaign: Awaited<ReturnType<typeof reviews.tenant.campaign>>;
  let report: Awaited<ReturnType<typeof reviews.tenant.csvReport>>;
  try {
    campaign = await reviews.tenant.campaign(campaignId);
    report = await reviews.tenant.csvReport(campaignId);
    if ('none' in report) {
      await reviews.tenant.requestReport(campaignId);
      return { retryInMs: 5_000, error: 'report asked for' };
    }
  } catch (error) {
    return { retryInMs: 60_000, error: `report not read: ${String(error).slice(0, 200)}` };
  }
  if ('pending' in report) return { retryInMs: 10_000, error: 'the tenant is making the report' };
  const name = reviewWords.campaign({ campaignName: campaign?.name ?? campaignId });
  const owner = campaign?.ownerId ? await p.owners.personOf(campaign.ownerId) : undefined;
  if (!owner?.slackUserId || owner.guest) {
    const channel = reviews.settings.channelOf(campaignId);
    if (channel) await p.chat.post({ channel, text: reviewWords.reportNoOwner(name) }).catch(() => undefined);
    return { status: 'skipped', outcome: `owner not in Slack (${owner?.why ?? 'no owner'})` };
  }
  try {
    await p.files.upload({
      channel: await p.files.openDm(owner.slackUserId),
      filename: `access-review-${campaignId}.csv`.replace(/[^A-Za-z0-9._-]/g, '_'),
      title: reviewWords.reportTitle(campaign?.name ?? campaignId),
      content: report.csv,
      comment: reviewWords.reportComment(name),
    });
  } catch (error) {
    return { retryInMs: 60_000, error: `report not delivered: ${String(error).slice(0, 200)}` };
  }
  return { status: 'done', outcome: 'report sent to the owner' };
}
