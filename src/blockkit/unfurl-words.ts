import { t } from '../i18n/speak.js';

/**
 * What a link preview says instead of a finding or campaign, and why (blockkit/unfurl.ts). Getters,
 * so each is said in the language of the scope it is read in (i18n/catalog/people/links.ts).
 */
export const UnfurlWords = {
  get unmapped(): string {
    return t('unfurl.unmapped');
  },
  refused: (why: string) => t('unfurl.refused', { why }),
  get campaignFooter(): string {
    return t('unfurl.campaignFooter');
  },
};
