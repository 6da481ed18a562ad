/**
 * The baseline: a bare Bolt app on the same ExpressReceiver that only acks the requests Warden's
 * scenarios send. argv: <port> <signing secret>
 */
import { App, ExpressReceiver, LogLevel } from '@slack/bolt';

const [port = '3100', secret = ''] = process.argv.slice(2);
const receiver = new ExpressReceiver({
  signingSecret: secret,
  endpoints: '/slack/events',
  processBeforeResponse: false,
});
// botId/botUserId given: no auth.test call, nothing but the acks.
const app = new App({
  token: 'xoxb-baseline',
  botId: 'B0BASE',
  botUserId: 'U0BASE',
  receiver,
  logLevel: LogLevel.ERROR,
});
app.command(/.*/, async ({ ack }) => {
  await ack();
});
app.action(/.*/, async ({ ack }) => {
  await ack();
});
app.view(/.*/, async ({ ack }) => {
  await ack();
});
receiver.app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
