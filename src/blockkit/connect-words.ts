import { t } from '../i18n/speak.js';
import type { RenderedMessage } from './finding.js';
import { safeMrkdwn } from './mrkdwn.js';

/**
 * Slack Connect: what a channel shared with another organisation is shown instead of a finding
 * (a pointer to an internal channel, no details), and what the workspace's admins are told. Pure.
 */

const channelRef = (channel: string | undefined): string =>
  channel && /^[CG][A-Z0-9]{2,}$/.test(channel) ? `<#${channel}>` : t('connect.internal');

/** The card in a shared channel: that something needs attention, and where to look. */
export function renderPointer(internal: string | undefined): RenderedMessage {
  const text = t('connect.pointer', { channel: channelRef(internal) });
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:lock: ${text}` } },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: t('connect.pointerWhy'),
          },
        ],
      },
    ],
  };
}

/** Told once to the workspace's admins when a channel Warden posts in becomes shared. */
export function renderSharedNotice(channel: string, internal: string | undefined): RenderedMessage {
  const text = t('connect.shared', { channel: channelRef(channel), internal: channelRef(internal) });
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${text}` } }] };
}

/**
 * What a person turned away at the door is told (listeners/turn-away.ts): one sentence naming
 * why, whatever they clicked, submitted or typed.
 */
export const ConnectWords = {
  /** A person of another organisation (Slack Connect): the organisation's name where known. */
  outsider: (organisation: string | undefined) =>
    t('connect.outsider', {
      organisation: organisation ? safeMrkdwn(organisation, 80) : t('connect.theOrganisation'),
    }),
  /** A workspace Warden does not serve, or is not installed in (another of the organisation's included). */
  get notInstalled(): string {
    return t('connect.notInstalled');
  },
};
