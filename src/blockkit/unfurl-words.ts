/** What a link preview says instead of a finding or campaign, and why (blockkit/unfurl.ts). */
export const UnfurlWords = {
  unmapped:
    'No preview: Warden shows findings only to people it can match to a user of the identity tenant (by their email).',
  refused: (why: string) => `No preview: ${why}`,
  campaignFooter: 'Access review: open it with the command for the full list of entitlements.',
} as const;
