import type { App } from '@slack/bolt';
import { commandNotValid } from '../blockkit/interaction-words.js';
import { safeMrkdwn } from '../blockkit/mrkdwn.js';
import { parseCommand, usage, usageOf } from '../domain/command.js';
import { asPersonSoon } from '../usecases/shared/speech.js';
import { type ListenerContext, portsOf } from './context.js';
import { SlashCommandSchema } from './payloads.js';
import { refOf } from './ref.js';
import { isRecovered } from './request-intents.js';
import { bindCommand } from './routes/commands.js';
import { runBound } from './runner.js';

/** `/warden …`: help and mistakes are answered in the ack itself (no I/O); the rest by the runner. */
export function registerCommand(app: App, listeners: ListenerContext): void {
  const { work, slashCommand } = listeners;
  app.command(slashCommand, async ({ ack, body, context }) => {
    const ports = portsOf(listeners, context, 'run a command');
    if (!ports) return void (await ack());
    // Help and mistakes are answered in the ack: the person's language first (cached after once).
    await asPersonSoon(ports, typeof body.user_id === 'string' ? body.user_id : undefined, async () => {
      const parsed = SlashCommandSchema.safeParse(body);
      if (!parsed.success) {
        await ack({ response_type: 'ephemeral', text: commandNotValid() });
        return;
      }
      const p = parsed.data;
      const command = parseCommand(p.text);
      if (!command.ok) {
        // The error may quote what was typed: escaped. A known subcommand gets its own usage.
        const help = command.usage ? usageOf(slashCommand, command.usage) : usage(slashCommand);
        await ack({
          response_type: 'ephemeral',
          text: `:warning: ${safeMrkdwn(command.error, 500)}\n\n${help}`,
        });
        return;
      }
      const c = command.command;
      if (c.kind === 'help')
        return void (await ack({ response_type: 'ephemeral', text: usage(slashCommand) }));
      await ack();
      const ref = refOf(context);
      const ctx = {
        userId: p.user_id,
        channel: p.channel_id,
        triggerId: p.trigger_id,
        responseUrl: p.response_url ?? undefined,
        ref,
      };
      const audience = { channel: ctx.channel, user: ctx.userId, responseUrl: ctx.responseUrl };
      const { bound, what } = bindCommand(c.kind, c, ctx, audience);
      const loading = 'findingId' in c ? c.findingId : '';
      const start = {
        audience,
        triggerId: ctx.triggerId,
        ref,
        what,
        loading,
        recovered: isRecovered(context),
      };
      await work.run(() => runBound(ports, bound, start));
    });
  });
}
