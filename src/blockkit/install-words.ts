import { t } from '../i18n/speak.js';

/**
 * What the admin installing Warden reads on its install routes (/slack/install,
 * /slack/oauth_redirect): one sentence a page, saying what happened and what to do next. Pure.
 * Getters, so each is said in the scope's language (i18n/catalog/people/links.ts); the pages have
 * no Slack person yet, so they are English unless a caller opens a scope.
 */
export const INSTALL_PAGE = {
  get title(): string {
    return t('install.title');
  },
  /** Slack's consent screen was cancelled (`error=access_denied`). */
  get cancelled(): string {
    return t('install.cancelled');
  },
  /** Slack sent the admin back with another error instead of a code. */
  get refusedBySlack(): string {
    return t('install.refusedBySlack');
  },
  /** The state is missing, forged, expired or already used; or the code is missing. */
  get linkInvalid(): string {
    return t('install.linkInvalid');
  },
  /** Slack refused to exchange the one-time code (used, expired, or not for this address). */
  get exchangeRefused(): string {
    return t('install.exchangeRefused');
  },
  /** Slack could not be reached to exchange the code. */
  get slackUnreachable(): string {
    return t('install.slackUnreachable');
  },
  /** Anything else (Warden's store, say): the admin may try again. */
  get failed(): string {
    return t('install.failed');
  },
  notConfigured: (orgWide: boolean) => t('install.notConfigured', { orgWide: orgWide ? 'yes' : 'no' }),
};
