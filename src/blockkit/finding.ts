import type { Button, KnownBlock, MrkdwnElement } from '@slack/types';
import { type FindingActionKind, offeredActions } from '../domain/actions.js';
import type { Finding } from '../tenant/schemas.js';
import {
  describeDetails,
  describeOwner,
  describeTarget,
  enumWords,
  findingTitle,
  targetName,
} from './finding-details.js';
import { ActionId, BlockId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

export interface RenderedMessage {
  text: string;
  blocks: KnownBlock[];
}

export interface AlertContext {
  now: Date;
  /** Show the action buttons (false for read-only copies). */
  actions?: boolean;
}

const SEVERITY: Record<string, { icon: string; label: string }> = {
  FINDING_SEVERITY_CRITICAL: { icon: '🔴', label: 'Critical' },
  FINDING_SEVERITY_HIGH: { icon: '🟠', label: 'High' },
  FINDING_SEVERITY_MEDIUM: { icon: '🟡', label: 'Medium' },
  FINDING_SEVERITY_LOW: { icon: '🔵', label: 'Low' },
  FINDING_SEVERITY_INFO: { icon: '⚪', label: 'Info' },
};

export function severityOf(f: Finding): { icon: string; label: string } {
  const known = f.severity ? SEVERITY[f.severity] : undefined;
  if (known) return known;
  // Unknown or unspecified severities are shown as they came.
  return { icon: '⚫', label: f.severity ? enumWords(f.severity, 'FINDING_SEVERITY_') : 'Unspecified' };
}

export function stateLabel(state: string | null | undefined): string {
  const words = enumWords(state, 'FINDING_STATE_');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One line saying where the finding stands, with its dates as Slack date tokens. */
export function describeState(f: Finding): string {
  switch (f.state) {
    case 'FINDING_STATE_SNOOZED':
      return `💤 Snoozed${f.snoozeUntil ? ` until ${slackDate(f.snoozeUntil)}` : ''}${f.snoozeReason ? `: ${safeMrkdwn(f.snoozeReason, 600)}` : ''}`;
    case 'FINDING_STATE_RISK_ACCEPTED':
      return `🛡️ Risk accepted${f.riskAcceptanceExpiresAt ? ` until ${slackDate(f.riskAcceptanceExpiresAt)}` : ''}${f.riskAcceptanceJustification ? `: ${safeMrkdwn(f.riskAcceptanceJustification, 1_200)}` : ''}`;
    case 'FINDING_STATE_SUPPRESSED':
      return `🔕 Suppressed until reopened${f.suppressReason ? `: ${safeMrkdwn(f.suppressReason, 600)}` : ''}`;
    case 'FINDING_STATE_RESOLVED':
      return `✅ Resolved${f.resolvedAt ? ` ${slackDate(f.resolvedAt)}` : ''}`;
    case 'FINDING_STATE_IN_PROGRESS':
      return `🛠️ In progress${f.assigneeIdentityUserId ? `, assigned to ${code(f.assigneeIdentityUserId, 60)}` : ''}`;
    case 'FINDING_STATE_OPEN':
      return '🚨 Open';
    default:
      return `State: ${stateLabel(f.state)}`;
  }
}

const BUTTON_LABEL: Record<FindingActionKind, string> = {
  snooze: 'Snooze…',
  acceptRisk: 'Accept risk…',
  suppress: 'Suppress (permanent)…',
  resolve: 'Resolve…',
  reopen: 'Reopen',
  unsuppress: 'Unsuppress',
};

function button(kind: FindingActionKind, findingId: string): Button {
  const b: Button = {
    type: 'button',
    action_id: ActionId[kind],
    text: { type: 'plain_text', text: BUTTON_LABEL[kind] },
    value: findingId,
  };
  if (kind === 'suppress') b.style = 'danger';
  // These act at once, without a modal: ask first.
  if (kind === 'reopen' || kind === 'unsuppress') {
    b.confirm = {
      title: {
        type: 'plain_text',
        text: kind === 'reopen' ? 'Reopen this finding?' : 'Unsuppress this finding?',
      },
      text: {
        type: 'plain_text',
        text: 'It becomes open again and ends any snooze, risk acceptance or suppression. Everyone in the channel sees who did it.',
      },
      confirm: { type: 'plain_text', text: kind === 'reopen' ? 'Reopen' : 'Unsuppress' },
      deny: { type: 'plain_text', text: 'Cancel' },
    };
  }
  return b;
}

function field(label: string, value: string): MrkdwnElement {
  return { type: 'mrkdwn', text: truncate(`*${label}*\n${value}`, SLACK_LIMITS.sectionField) };
}

function riskLines(f: Finding): { score?: string; factors: string[] } {
  const r = f.riskScore;
  if (!r) return { factors: [] };
  const value = r.overrideScore ?? r.score ?? r.systemScore;
  const score =
    typeof value === 'number'
      ? `${Math.round(value)}${r.overrideScore != null ? ' (overridden)' : ''}`
      : undefined;
  const factors = [...(r.riskFactors ?? [])]
    .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))
    .slice(0, 3)
    .map((x) => {
      const weight = typeof x.weight === 'number' ? `, weight ${Math.round(x.weight * 100)}%` : '';
      return `• ${safeMrkdwn(x.description || x.name || 'factor', 150)} (${enumWords(x.severity, 'FINDING_SEVERITY_')}${weight})`;
    });
  return { ...(score === undefined ? {} : { score }), factors };
}

/**
 * A finding alert: what it is, where, who owns it, the evidence, where it stands and the actions
 * its state offers. Pure: `now` comes in through the context.
 */
export function renderFindingAlert(f: Finding, ctx: AlertContext): RenderedMessage {
  const sev = severityOf(f);
  const name = targetName(f);
  const title = name ? `${findingTitle(f)} · ${name}` : findingTitle(f);
  const target = describeTarget(f);
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: {
        type: 'plain_text',
        text: plain(`${sev.icon} ${sev.label}: ${title}`, SLACK_LIMITS.headerText),
        emoji: true,
      },
    },
  ];
  const risk = riskLines(f);
  const fields = [
    field('Target', target),
    field('Owner', describeOwner(f)),
    field('State', stateLabel(f.state)),
    field('Severity', sev.label),
  ];
  if (risk.score) fields.push(field('Risk score', risk.score));
  if (f.appId) fields.push(field('App', code(f.appId, 80)));
  blocks.push({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: f.description ? safeMrkdwn(f.description, SLACK_LIMITS.sectionText) : '_No description._',
    },
    fields: fields.slice(0, SLACK_LIMITS.sectionFields),
  });
  const details = [
    ...describeDetails(f, ctx.now),
    ...(risk.factors.length ? ['*Top risk factors*', ...risk.factors] : []),
  ];
  if (details.length > 0) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: truncate(details.join('\n'), SLACK_LIMITS.sectionText) },
    });
  }
  if (f.remediationDescription) {
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(
          `*What to do*\n${safeMrkdwn(f.remediationDescription, 2_900)}`,
          SLACK_LIMITS.sectionText,
        ),
      },
    });
  }
  const stateLine = describeState(f);
  // stateUpdatedById is a tenant identity id, not a Slack user: shown as code.
  const updatedBy = f.stateUpdatedById ? ` · by ${code(f.stateUpdatedById, 60)}` : '';
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(`${stateLine}${updatedBy}`, SLACK_LIMITS.sectionText) }],
  });
  const meta = [`Finding ${code(f.id, 130)}`];
  const seen = f.lastObservedAt ?? f.lastAppearedAt;
  if (f.firstObservedAt ?? f.createdAt)
    meta.push(`first seen ${slackDate(f.firstObservedAt ?? f.createdAt ?? '')}`);
  if (seen) meta.push(`last seen ${slackDate(seen)}`);
  const count = f.recurrenceCount;
  if (typeof count === 'number' && count > 1) meta.push(`recurred ${count} times`);
  if (f.sourceKind) meta.push(`source ${enumWords(f.sourceKind, 'FINDING_SOURCE_KIND_')}`);
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(meta.join(' · '), SLACK_LIMITS.sectionText) }],
  });
  if (ctx.actions !== false) {
    blocks.push({
      type: 'actions',
      block_id: BlockId.findingActions,
      elements: offeredActions(f.state).map((kind) => button(kind, f.id)),
    });
  }
  const text = truncate(
    `${sev.label}: ${safeMrkdwn(title, 150)} — ${safeMrkdwn(f.description ?? '', 300) || target} (${stateLabel(f.state)})`,
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}
