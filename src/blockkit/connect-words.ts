import type { RenderedMessage } from './finding.js';

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

/** The answer to a person of another organisation who clicks or types in a shared channel. */
export const EXTERNAL_REFUSED =
  ':no_entry_sign: Warden acts only for people of the organisation that installed it. Ask someone there to take this on.';
