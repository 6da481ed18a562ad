import {
  renderCampaignUnfurl,
  renderFindingUnfurl,
  renderRefusedUnfurl,
  type Unfurl,
} from '../../blockkit/unfurl.js';
import { UnfurlWords } from '../../blockkit/unfurl-words.js';
import type { PolicyAction } from '../../domain/policy.js';
import { type LinkTarget, linkTargetOf } from '../../domain/unfurl-url.js';
import type { Ports } from '../../ports/index.js';
import type { UnfurlTarget } from '../../ports/slack.js';
import { refusal } from '../shared/authorize.js';
import { logTenantFailure } from '../shared/log-failure.js';

/**
 * Link previews (README "Link previews"): a person shared links to the tenant's console
 * (link_shared). Each link that is strictly a finding's or campaign's page is read from the
 * tenant and previewed (chat.unfurl) with its card's buttons. Nothing at all in a channel
 * shared with another organisation; a sentence instead of details for someone Warden cannot map
 * to the tenant (when `unfurl.mappedPeopleOnly`) or who may not see it here. Anything else (a
 * link that does not match, an id that is not one, a tenant that fails) gets no preview, logged.
 */
export type UnfurlPorts = Pick<
  Ports,
  | 'links'
  | 'findings'
  | 'campaigns'
  | 'owners'
  | 'connect'
  | 'people'
  | 'groups'
  | 'cards'
  | 'audit'
  | 'settings'
  | 'clock'
  | 'logger'
  | 'metrics'
>;

export interface SharedLinks {
  /** Where the message is; none for a draft in the composer (Slack names no channel there). */
  channel: string | undefined;
  userId: string;
  where: UnfurlTarget;
  urls: readonly string[];
  ref: string;
  /** What Slack's envelope said (`is_ext_shared_channel`): the conversation is shared with another organisation. */
  extShared?: boolean | undefined;
}

/** Slack sends a handful of links an event; more than this are not Warden's to read one by one. */
const MAX_LINKS = 10;

export async function unfurlLinks(p: UnfurlPorts, s: SharedLinks): Promise<number> {
  const config = p.settings.unfurl;
  const log = p.logger.child({ ref: s.ref, channel: s.channel, user: s.userId });
  if (!config) return 0;
  // A draft in the composer names no channel: whether it is shared with another organisation, or
  // limited by `channels`, cannot be told. Slack sends the link again once it is posted, with its
  // channel: it is previewed then, and a draft gets nothing.
  if (s.channel === undefined) {
    log.info('link previews: none for a draft (no channel to check); the posted message gets one');
    return 0;
  }
  // A DM with a person of another organisation too (issue 36): Slack is asked, and where it
  // cannot say (a DM the app is not in, with no word on the event either) nothing is shown.
  const guarded = { unknown: 'withhold' as const, slackSays: s.extShared };
  if (p.connect && (await p.connect.redacts(s.channel, guarded))) {
    log.info(
      'link previews: none in a conversation shared with another organisation (or that cannot be told)',
    );
    return 0;
  }
  const targets = new Map<string, LinkTarget>();
  for (const url of s.urls.slice(0, MAX_LINKS)) {
    const target = linkTargetOf(url, config);
    if (target) targets.set(url, target);
    else log.info({ length: url.length }, 'link not previewed: not a console page Warden knows');
  }
  if (targets.size === 0) return 0;
  const refused = await whyNot(p, s, config.mappedPeopleOnly, [...targets.values()]);
  const unfurls: Record<string, Unfurl> = {};
  for (const [url, target] of targets) {
    const why = refused.get(target.kind);
    const shown = why ? renderRefusedUnfurl(why) : await previewOf(p, target, s.ref);
    if (shown) unfurls[url] = shown;
  }
  if (Object.keys(unfurls).length === 0) return 0;
  try {
    await p.links.unfurl(s.where, unfurls);
  } catch (error) {
    log.warn({ err: error }, 'link previews not sent');
    return 0;
  }
  log.info({ previews: Object.keys(unfurls).length }, 'links previewed');
  return Object.keys(unfurls).length;
}

/** Why the person gets no details, by kind of page (mapped to the tenant; the permission here). */
async function whyNot(
  p: UnfurlPorts,
  s: SharedLinks,
  mappedOnly: boolean,
  targets: LinkTarget[],
): Promise<Map<LinkTarget['kind'], string>> {
  const kinds = new Set(targets.map((t) => t.kind));
  const out = new Map<LinkTarget['kind'], string>();
  if (mappedOnly) {
    const mapped = await p.owners.tenantUserOf(s.userId);
    if (!mapped.ok) {
      p.logger.info(
        { ref: s.ref, user: s.userId, why: mapped.why },
        'link previews: the person is not mapped',
      );
      for (const kind of kinds) out.set(kind, UnfurlWords.unmapped);
      return out;
    }
  }
  for (const kind of kinds) {
    const action: PolicyAction = kind === 'finding' ? 'show' : 'campaign';
    const req = { kind: 'act' as const, userId: s.userId, action, channel: s.channel };
    const why = await refusal(p, req, s.ref);
    if (why) out.set(kind, UnfurlWords.refused(why));
  }
  return out;
}

async function previewOf(p: UnfurlPorts, target: LinkTarget, ref: string): Promise<Unfurl | undefined> {
  const log = p.logger.child({ ref, [target.kind === 'finding' ? 'findingId' : 'campaignId']: target.id });
  try {
    if (target.kind === 'campaign') {
      const view = await p.campaigns.get(target.id);
      return renderCampaignUnfurl(target.id, view.scope, view.entitlements);
    }
    const finding = await p.findings.get(target.id);
    return renderFindingUnfurl(finding, {
      now: new Date(p.clock()),
      offerUnsuppress: p.settings.offerUnsuppress,
      attributionTemplate: p.settings.attributionTemplate,
    });
  } catch (error) {
    logTenantFailure(log, error, 'link not previewed');
    return undefined;
  }
}
