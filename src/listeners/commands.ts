import type { App } from '@slack/bolt';
import { safeMrkdwn } from '../blockkit/mrkdwn.js';
import { parseCommand, usage, usageOf } from '../domain/command.js';
import { runSlashCommand } from '../usecases/run-slash-command.js';
import type { ListenerContext } from './context.js';
import { SlashCommandSchema } from './payloads.js';
import { refOf } from './ref.js';

/** `/warden …`: help and mistakes are answered in the ack itself (no I/O); the rest after it. */
export function registerCommandListeners(app: App, { ports, work }: ListenerContext): void {
  const { slashCommand } = ports.settings;
  app.command(slashCommand, async ({ ack, body, context }) => {
    const parsed = SlashCommandSchema.safeParse(body);
    if (!parsed.success) {
      await ack({ response_type: 'ephemeral', text: ':warning: Warden could not read this command.' });
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
    if (command.command.kind === 'help') {
      await ack({ response_type: 'ephemeral', text: usage(slashCommand) });
      return;
    }
    await ack();
    await work.run(() =>
      runSlashCommand(ports, command.command, {
        userId: p.user_id,
        channel: p.channel_id,
        triggerId: p.trigger_id,
        responseUrl: p.response_url ?? undefined,
        ref: refOf(context),
      }),
    );
  });
}
