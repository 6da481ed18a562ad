import type { Button, KnownBlock, MrkdwnElement } from '@slack/types';
import { type FindingActionKind, offeredActions, offersTask } from '../domain/actions.js';
import { shownWords } from '../domain/attribution.js';
import { findingAppId } from '../domain/target.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import { actionRow } from './action-table.js';
import { type AskShown, askCardLine } from './attest.js';
import {
  describeDetails,
  describeOwner,
  enumWords,
  findingTitle,
  type ShownOwner,
} from './finding-details.js';
import { describeState, severityOf, stateLabel } from './finding-state.js';
import { appLine, describeTarget, targetName } from './finding-target.js';
import { BlockId, ContainId, findingActionId, OwnerActionId, TASK_ACTION_ID } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, plain, safeMrkdwn, slackDate, truncate, unescapeMrkdwn } from './mrkdwn.js';

export interface RenderedMessage {
  text: string;
  blocks: KnownBlock[];
}

export interface AlertContext {
  now: Date;
  /** Show the action buttons (false for read-only copies). */
  actions?: boolean;
  /** Offer the deprecated Unsuppress next to Reopen (WARDEN_CONFIG `cards.offerUnsuppress`). */
  offerUnsuppress?: boolean;
  /**
   * The attribution template (WARDEN_CONFIG `attribution`): the tenant's record of a reason
   * carries who acted; the card shows the person's words without it.
   */
  attributionTemplate?: string;
  /** Who made the change that put the finding where it is, in Slack, and when (Warden's audit). */
  acted?: SlackChange | undefined;
  /** The owner as a person, mapped to Slack where Warden could. */
  owner?: ShownOwner | undefined;
  /** The card is in a direct message (the owner's copy): it offers no Notify owner. */
  directMessage?: boolean | undefined;
  /** Its attestation ("Was this you?"): who was asked, the answer, an escalation. */
  asked?: AskShown | undefined;
  /** Contain… is offered (WARDEN_CONFIG `contain`, domain/contain.ts `offersContain`). */
  containable?: boolean | undefined;
  /** Its newest containment and where its task stands (mrkdwn, escaped where it was written). */
  contained?: string | undefined;
  /** Its SLA clock, in words (blockkit/sla-words.ts `cardClockLine`); none without a policy. */
  sla?: string | undefined;
  /** The tenant's names of its target and app (read by the caller); ids are shown where absent. */
  names?: TargetNames | undefined;
}

/** A change made from Slack: the person (a four-eyes requester), when, and who approved it. */
export interface SlackChange {
  userId: string;
  at: number;
  approvedBy?: string | undefined;
}

/**
 * The reasons as the card shows them: without the attribution the tenant's record keeps (who
 * acted is said from Warden's own knowledge instead), and never with an email address.
 */
function shownFinding(f: Finding, template: string | undefined): Finding {
  const words = (text: string | null | undefined) => (text ? shownWords(template, text) : text);
  return {
    ...f,
    snoozeReason: words(f.snoozeReason),
    suppressReason: words(f.suppressReason),
    riskAcceptanceJustification: words(f.riskAcceptanceJustification),
  };
}

function plainButton(actionId: string, label: string, findingId: string): Button {
  return { type: 'button', action_id: actionId, text: { type: 'plain_text', text: label }, value: findingId };
}

/** The buttons that are not state changes: hand-offs, the owner, the history. */
function otherButtons(f: Finding, ctx: AlertContext): Button[] {
  const buttons: Button[] = [];
  // a hand-off, not a state: offered until the finding has its task
  if (offersTask(f)) buttons.push(plainButton(TASK_ACTION_ID, t('card.createTask'), f.id));
  if (ctx.containable && !ctx.directMessage)
    buttons.push(plainButton(ContainId.open, t('card.contain'), f.id));
  // Offered where it can work: an owner in Slack, not a guest (refused anyway), not on their own copy.
  if (ctx.owner?.person.slackUserId && !ctx.owner.person.guest && !ctx.directMessage)
    buttons.push(plainButton(OwnerActionId.notify, t('card.notifyOwner'), f.id));
  buttons.push(plainButton(OwnerActionId.assign, t('card.assignOwner'), f.id));
  buttons.push(plainButton(OwnerActionId.history, t('card.history'), f.id));
  return buttons;
}

function button(kind: FindingActionKind, findingId: string): Button {
  const row = actionRow(kind);
  const b: Button = {
    type: 'button',
    action_id: findingActionId(kind),
    text: { type: 'plain_text', text: row.button },
    value: findingId,
  };
  if (row.style) b.style = row.style;
  if (row.confirm) {
    b.confirm = {
      title: { type: 'plain_text', text: row.confirm.title },
      text: { type: 'plain_text', text: row.confirm.text },
      confirm: { type: 'plain_text', text: row.confirm.confirm },
      deny: { type: 'plain_text', text: t('card.cancel') },
    };
  }
  return b;
}

function field(label: string, value: string): MrkdwnElement {
  return { type: 'mrkdwn', text: truncate(`*${label}*\n${value}`, SLACK_LIMITS.sectionField) };
}

const weightOf = (x: { weight?: number | null | undefined }) =>
  typeof x.weight === 'number' && Number.isFinite(x.weight) && x.weight > 0 ? x.weight : 0;

function riskLines(f: Finding): { score?: string; factors: string[] } {
  const r = f.riskScore;
  if (!r) return { factors: [] };
  // proto3 writes an unset override as 0 with an empty overrideByUserId (api-facts.md).
  const overridden = Boolean(r.overrideByUserId) || (r.overrideScore ?? 0) > 0;
  const value = overridden ? r.overrideScore : (r.score ?? r.systemScore);
  const rounded = typeof value === 'number' ? String(Math.round(value)) : undefined;
  const score = rounded && overridden ? t('card.scoreOverridden', { score: rounded }) : rounded;
  // `weight` is a uint32 (the vendor's schema), not a fraction: each factor is shown as its
  // share of all the factors' weights.
  const all = r.riskFactors ?? [];
  const total = all.reduce((sum, x) => sum + weightOf(x), 0);
  const factors = [...all]
    .sort((a, b) => weightOf(b) - weightOf(a))
    .slice(0, 3)
    .map((x) => {
      const factor = safeMrkdwn(x.description || x.name || t('card.factorUnnamed'), 150);
      const severity = enumWords(x.severity, 'FINDING_SEVERITY_');
      return total > 0
        ? t('card.factorWeighted', {
            factor,
            severity,
            weight: String(Math.round((weightOf(x) / total) * 100)),
          })
        : t('card.factor', { factor, severity });
    });
  return { ...(score === undefined ? {} : { score }), factors };
}

/** The description with the card's fields: target, owner, severity, risk score, app. */
function summarySection(
  f: Finding,
  target: string,
  score: string | undefined,
  owner: ShownOwner | undefined,
  names: TargetNames | undefined,
): KnownBlock {
  const appId = findingAppId(f);
  const app = appLine(f, names);
  const fields = [
    field(t('card.fieldTarget'), target),
    field(
      t('card.fieldOwner'),
      describeOwner(f, owner, appId && names?.app ? { id: appId, name: names.app } : undefined),
    ),
    field(t('card.fieldSeverity'), severityOf(f).label),
  ];
  if (score) fields.push(field(t('card.fieldRisk'), score));
  // One app: the target's (the finding's own appId only when the target names none).
  if (app) fields.push(field(t('card.fieldApp'), app));
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: f.description ? safeMrkdwn(f.description, SLACK_LIMITS.sectionText) : t('card.noDescription'),
    },
    fields: fields.slice(0, SLACK_LIMITS.sectionFields),
  };
}

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});
const context = (text: string): KnownBlock => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) }],
});

/** Where it stands: the one place the card says the state, labelled. */
function stateSection(f: Finding, acted: SlackChange | undefined): KnownBlock {
  // Who acted in Slack, as a mention, and when; never the tenant's stateUpdatedById (Warden's
  // own service principal when the change came from Slack) nor the tenant's attribution text.
  const state = describeState(f);
  if (!acted) return section(t('card.state', { state }));
  const who = mention(acted.userId);
  const when = slackDate(new Date(acted.at));
  return section(
    acted.approvedBy
      ? t('card.stateByApproved', { state, who, approver: mention(acted.approvedBy), when })
      : t('card.stateBy', { state, who, when }),
  );
}

/** When the finding was seen, and where it comes from: the one context line of the card. */
function metaContext(f: Finding): KnownBlock {
  const meta = [t('card.metaFinding', { id: code(f.id, 130) })];
  const seen = f.lastObservedAt ?? f.lastAppearedAt;
  if (f.firstObservedAt ?? f.createdAt)
    meta.push(t('card.metaFirstSeen', { when: slackDate(f.firstObservedAt ?? f.createdAt ?? '') }));
  if (seen) meta.push(t('card.metaLastSeen', { when: slackDate(seen) }));
  const count = f.recurrenceCount;
  if (typeof count === 'number' && count > 1) meta.push(t('card.metaRecurred', { count: String(count) }));
  if (f.sourceKind)
    meta.push(t('card.metaSource', { source: enumWords(f.sourceKind, 'FINDING_SOURCE_KIND_') }));
  if (f.taskId) meta.push(t('card.metaTask', { task: code(f.taskId, 80) }));
  return context(meta.join(' · '));
}

/**
 * A finding alert: what it is, where, who owns it, the evidence, where it stands and the actions
 * its state offers. Pure: `now` comes in through the context.
 */
export function renderFindingAlert(finding: Finding, ctx: AlertContext): RenderedMessage {
  const f = shownFinding(finding, ctx.attributionTemplate);
  const sev = severityOf(f);
  const name = targetName(f, ctx.names);
  const title = name ? `${findingTitle(f)} · ${name}` : findingTitle(f);
  const target = describeTarget(f, ctx.names);
  const risk = riskLines(f);
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: {
        type: 'plain_text',
        text: plain(
          t('card.header', { icon: sev.icon, severity: unescapeMrkdwn(sev.label), title }),
          SLACK_LIMITS.headerText,
        ),
        emoji: true,
      },
    },
    summarySection(f, target, risk.score, ctx.owner, ctx.names),
    stateSection(f, ctx.acted),
  ];
  if (ctx.sla) blocks.push(context(ctx.sla));
  if (ctx.asked) blocks.push(section(askCardLine(ctx.asked)));
  if (ctx.contained) blocks.push(section(ctx.contained));
  const details = [
    ...describeDetails(f, ctx.now),
    ...(risk.factors.length ? [t('card.topFactors'), ...risk.factors] : []),
  ];
  if (details.length > 0) blocks.push(section(details.join('\n')));
  if (f.remediationDescription)
    blocks.push(section(t('card.whatToDo', { text: safeMrkdwn(f.remediationDescription, 2_900) })));
  blocks.push(metaContext(f));
  if (ctx.actions !== false) {
    blocks.push({
      type: 'actions',
      block_id: BlockId.findingActions,
      elements: [
        ...offeredActions(f.state, { unsuppress: ctx.offerUnsuppress === true }).map((kind) =>
          button(kind, f.id),
        ),
        ...otherButtons(f, ctx),
      ],
    });
  }
  const text = truncate(
    t('card.fallback', {
      severity: sev.label,
      title: safeMrkdwn(title, 150),
      summary: safeMrkdwn(f.description ?? '', 300) || target,
      state: stateLabel(f.state),
    }),
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}
