import type { KnownBlock } from '@slack/types';
import type { CampaignEntitlements } from '../domain/entitlements.js';
import type { DescribedScope } from '../domain/scope.js';
import type { Finding } from '../model/finding.js';
import { renderCampaign } from './campaign.js';
import { type AlertContext, renderFindingAlert } from './finding.js';
import { safeMrkdwn } from './mrkdwn.js';
import { UnfurlWords } from './unfurl-words.js';

/**
 * Link previews (chat.unfurl), pure. A finding's is its card made compact: the header, where it
 * stands, and the same buttons as its card (the same action ids: a click goes through the same
 * runner and permission check). A campaign's is its scope. A refusal is one sentence.
 */

export interface Unfurl {
  blocks: KnownBlock[];
}

export function renderFindingUnfurl(finding: Finding, ctx: AlertContext): Unfurl {
  const card = renderFindingAlert(finding, ctx);
  const [header, , state] = card.blocks;
  const actions = card.blocks.filter((b) => b.type === 'actions');
  return { blocks: [header, state, ...actions].filter((b): b is KnownBlock => b !== undefined) };
}

export function renderCampaignUnfurl(
  campaignId: string,
  scope: DescribedScope,
  ents: CampaignEntitlements,
): Unfurl {
  const full = renderCampaign(scope, ents, { campaignId, page: 0, shared: { by: '' }, pageSize: 1 });
  const end = full.blocks.findIndex((b) => b.type === 'divider');
  const head = full.blocks.slice(0, end < 0 ? 3 : end).filter((b) => b.type !== 'context');
  return {
    blocks: [...head, { type: 'context', elements: [{ type: 'mrkdwn', text: UnfurlWords.campaignFooter }] }],
  };
}

/** A preview that shows nothing of the resource, only why. */
export function renderRefusedUnfurl(sentence: string): Unfurl {
  return { blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: safeMrkdwn(sentence, 2_000) }] }] };
}
