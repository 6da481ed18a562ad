import type { RenderedMessage } from './finding.js';
import { safeMrkdwn } from './mrkdwn.js';

/**
 * Slack Connect: what a channel shared with another organisation is shown instead of a finding
 * (a pointer to an internal channel, no details), and what the workspace's admins are told. Pure.
 */

const channelRef = (channel: string | undefined): string =>
  channel && /^[CG][A-Z0-9]{2,}$/.test(channel) ? `<#${channel}>` : 'Warden’s internal channel';

/** The card in a shared channel: that something needs attention, and where to look. */
export function renderPointer(internal: string | undefined): RenderedMessage {
  const text = `A finding needs attention: open it in ${channelRef(internal)}.`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:lock: ${text}` } },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: 'This channel is shared with another organisation, so Warden shows no details here.',
          },
        ],
      },
    ],
  };
}

/** Told once to the workspace's admins when a channel Warden posts in becomes shared. */
export function renderSharedNotice(channel: string, internal: string | undefined): RenderedMessage {
  const text = `${channelRef(channel)} is now shared with another organisation (Slack Connect): Warden no longer posts finding details there, only a pointer to ${channelRef(internal)}. Details come back when it is unshared, or if its route sets \`allowExternal: true\`.`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${text}` } }] };
}

/**
 * What a person turned away at the door is told (listeners/turn-away.ts): one sentence naming
 * why, whatever they clicked, submitted or typed.
 */
export const ConnectWords = {
  /** A person of another organisation (Slack Connect): the organisation's name where known. */
  outsider: (organisation: string | undefined) =>
    `:no_entry_sign: People outside ${organisation ? safeMrkdwn(organisation, 80) : 'the organisation that installed Warden'} cannot act on findings in Warden. Nothing was done; ask someone there to take this on.`,
  /** A workspace Warden does not serve, or is not installed in (another of the organisation's included). */
  notInstalled:
    ':no_entry_sign: Warden is not installed in your workspace, so it cannot act on findings from here. Nothing was done; ask your Slack admin to add it, or use it where it is installed.',
};
