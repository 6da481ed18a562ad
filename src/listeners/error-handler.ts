import { type App, ErrorCode } from '@slack/bolt';
import { z } from 'zod';
import { describeFailure } from '../blockkit/failure.js';
import { slackKindOf } from '../http/request-context.js';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import type { ServedWorkspaces } from './context.js';
import { refOf } from './ref.js';

const AnyBodySchema = z.looseObject({
  user: z.looseObject({ id: z.string().min(1).max(64) }).nullish(),
  user_id: z.string().min(1).max(64).nullish(),
  channel: z.looseObject({ id: z.string().min(1).max(64) }).nullish(),
  channel_id: z.string().min(1).max(64).nullish(),
  container: z.looseObject({ channel_id: z.string().nullish() }).nullish(),
  response_url: z.string().nullish(),
});

/** Whoever a request came from, whatever its kind (a click, a form, a command), if it names one. */
export function audienceOfBody(body: unknown): Audience | undefined {
  const parsed = AnyBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const user = b.user?.id ?? b.user_id ?? undefined;
  if (!user) return undefined;
  const channel = b.channel?.id ?? b.channel_id ?? b.container?.channel_id ?? user;
  return { channel, user, responseUrl: b.response_url ?? undefined };
}

const isAuthorizationError = (error: Error): boolean =>
  'code' in error && error.code === ErrorCode.AuthorizationError;

/**
 * The last resort (Bolt's extendedErrorHandler): an error that escaped a listener or a middleware
 * (the runner tells its own) is logged with the ref, and whoever acted is told, with that ref.
 */
export function registerErrorHandler(
  app: App,
  p: Pick<Ports, 'logger' | 'metrics'>,
  workspaces: Pick<ServedWorkspaces, 'portsOf'>,
): void {
  const handler = async ({ error, context, body }: { error: Error; context: object; body: unknown }) => {
    if (isAuthorizationError(error)) {
      // No installation for the request's workspace (uninstalled, revoked, never installed):
      // Bolt acks it; it is counted, not logged as an error, and nobody can be told (no token).
      p.metrics.interactions.inc({ kind: slackKindOf(body), outcome: 'not_installed' });
      p.logger.debug(
        { kind: slackKindOf(body) },
        'request for a workspace Warden is not installed in: ignored',
      );
      return;
    }
    const ref = refOf(context);
    p.logger.error({ err: error, ref }, 'unhandled error in a Slack listener');
    const to = audienceOfBody(body);
    // Told with the request's own workspace's token: there is no other to tell them with.
    const team = 'teamId' in context && typeof context.teamId === 'string' ? context.teamId : undefined;
    const privately = workspaces.portsOf(team)?.privately;
    if (to && privately) await privately.tell(to, describeFailure(error, 'do that', ref));
  };
  app.error(handler);
}
