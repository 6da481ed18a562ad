/**
 * What the admin installing Warden reads on its install routes (/slack/install,
 * /slack/oauth_redirect): one sentence a page, saying what happened and what to do next. Pure.
 */

const AGAIN = 'start again from /slack/install';

export const INSTALL_PAGE = {
  title: 'Warden: install',
  /** Slack's consent screen was cancelled (`error=access_denied`). */
  cancelled: `The install was cancelled in Slack: nothing was installed. To install Warden, ${AGAIN}.`,
  /** Slack sent the admin back with another error instead of a code. */
  refusedBySlack: `Slack did not complete the install: nothing was installed. Try again, or ${AGAIN}.`,
  /** The state is missing, forged, expired or already used; or the code is missing. */
  linkInvalid: `This install link is not valid (expired or already used): nothing was installed. Please ${AGAIN}.`,
  /** Slack refused to exchange the one-time code (used, expired, or not for this address). */
  exchangeRefused: `Slack did not accept this install’s one-time code (it may have expired or been used already): nothing was installed. Please ${AGAIN}.`,
  /** Slack could not be reached to exchange the code. */
  slackUnreachable: `Slack could not be reached to finish the install: nothing was installed. Try again in a moment: ${AGAIN}.`,
  /** Anything else (Warden's store, say): the admin may try again. */
  failed: `The install did not complete: nothing was installed. Try again in a moment: ${AGAIN}.`,
  notConfigured: (orgWide: boolean) =>
    `Warden is not configured for this ${orgWide ? 'organisation' : 'workspace'}: ask your Warden operator to add it to WARDEN_CONFIG workspaces.`,
};
