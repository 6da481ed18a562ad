import { randomBytes } from 'node:crypto';
import type { LocalSlack } from '@warden/simulators';

/**
 * The environment of a Warden installed by OAuth in the local Slack's organisation (no bot token of
 * its own: each workspace's comes from its install), with a fresh token key each time.
 */
export function oauthEnv(slack: Pick<LocalSlack, 'org'>): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: '',
    SLACK_TEAM_ID: '',
    SLACK_CLIENT_ID: slack.org.clientId,
    SLACK_CLIENT_SECRET: slack.org.clientSecret,
    SLACK_STATE_SECRET: 'state-secret-for-tests-0123456789',
    WARDEN_TOKEN_KEY: randomBytes(32).toString('base64'),
  };
}
