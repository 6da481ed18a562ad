import { postSigned, type SlackActor, type SlackMessage, unfurlActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Link previews end to end: a person posts a link to the tenant's console in the local Slack,
 * which sends link_shared as Slack does for the manifest's unfurl_domains; Warden answers with
 * chat.unfurl. Allowed, refused (unmapped person, no permission), shared channel, links that are
 * not a console page, a hostile id, a tenant failure, and a button pressed on a preview.
 */

const CONSOLE = 'https://console.example.com';
const YAML = `
unfurl:
  finding: ${CONSOLE}/findings/{id}
  campaign: ${CONSOLE}/campaigns/{id}
permissions:
  show: { users: [U0ALICE, U0BOB] }
  snooze: { users: [U0ALICE] }
`;
const startOne = harnessPerTest();

async function start(yaml = YAML): Promise<Harness> {
  const h = await startOne({ file: parseConfigFile(yaml, 'unfurl.yaml') });
  h.slack.workspace.unfurlDomains.add('console.example.com');
  return h;
}
async function share(h: Harness, text: string, actor: SlackActor = ALICE): Promise<SlackMessage> {
  const { message, delivery } = await h.slack.shareLinks(actor, text, { url: h.url });
  expect(delivery?.delivered).toBe(true);
  return message;
}
const unfurlCalls = (h: Harness) => h.slack.callsOf('chat.unfurl');
const shown = (m: SlackMessage) => JSON.stringify(m.unfurls ?? {});

describe('link previews', () => {
  it('previews a finding with its card’s buttons, and a campaign', async () => {
    const h = await start();
    const url = `${CONSOLE}/findings/FND_SA_UNOWNED`;
    const m = await share(h, `look at <${url}> and ${CONSOLE}/campaigns/CAMP_LARGE`);
    await waitFor(() => m.unfurls?.[url], 5_000, 'the preview');
    expect(shown(m)).toContain('"type":"header"');
    expect(shown(m)).toContain('finding.snooze');
    expect(m.unfurls?.[`${CONSOLE}/campaigns/CAMP_LARGE`]).toBeDefined();
    expect(unfurlCalls(h)).toHaveLength(1);
  });

  it('a link typed in the composer (no channel to check): no preview for the draft; posted, it gets one', async () => {
    const h = await start();
    const url = `${CONSOLE}/findings/FND_SA_UNOWNED`;
    const { message: draft, delivery } = await h.slack.shareLinks(
      ALICE,
      url,
      { url: h.url },
      { composer: true },
    );
    expect(delivery?.delivered).toBe(true);
    await waitFor(
      () => h.logs.some((l) => l.includes('link previews: none for a draft')),
      5_000,
      'the draft passed over',
    );
    expect(unfurlCalls(h)).toHaveLength(0);
    expect(draft.unfurls?.[url]).toBeUndefined();
    // Sent, Slack tells the link again with its channel: previewed there, checked as everywhere.
    const posted = await share(h, url);
    await waitFor(() => posted.unfurls?.[url], 5_000, 'the preview');
    expect(shown(posted)).toContain('finding.snooze');
    expect(unfurlCalls(h)).toHaveLength(1);
  });

  it('a link that is not a console page, or a hostile id: no preview, logged, nothing asked of the tenant', async () => {
    const h = await start();
    const before = h.tenant.requests.length;
    await share(
      h,
      `${CONSOLE}/findings/FND_SA_UNOWNED/edit ${CONSOLE}/findings/..%2Fadmin ${CONSOLE}/other/FND_1`,
    );
    await share(
      h,
      `${CONSOLE}/findings/FND_SA_UNOWNED?x=1 https://sub.console.example.com/findings/FND_SA_UNOWNED`,
    );
    await settle(300);
    expect(unfurlCalls(h)).toHaveLength(0);
    expect(h.tenant.requests.length).toBe(before);
    expect(h.logs.join('')).toContain('link not previewed: not a console page Warden knows');
  });

  it('someone Warden cannot map to the tenant, or who may not see findings here, gets a sentence, no details', async () => {
    const h = await start();
    h.slack.hideEmail(BOB.userId);
    const url = `${CONSOLE}/findings/FND_SA_UNOWNED`;
    const m = await share(h, url, BOB);
    await waitFor(() => m.unfurls?.[url], 5_000, 'the preview');
    expect(shown(m)).toContain('No preview: Warden shows findings only to people it can match');
    expect(shown(m)).not.toContain('"type":"header"');
    const carol = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
    const c = await share(h, url, carol);
    await waitFor(() => c.unfurls?.[url], 5_000, 'the preview');
    expect(shown(c)).toContain('No preview:');
    expect(shown(c)).not.toContain('"type":"header"');
    expect(shown(c)).not.toContain('finding.snooze');
  });

  it('never previews in a channel shared with another organisation', async () => {
    const h = await start();
    h.slack.shareExternally('C0SECOPS', true);
    await share(h, `${CONSOLE}/findings/FND_SA_UNOWNED`);
    await settle(300);
    expect(unfurlCalls(h)).toHaveLength(0);
    expect(h.logs.join('')).toContain('none in a conversation shared with another organisation');
  });

  it('a tenant failure: no preview, logged with the ref', async () => {
    const h = await start();
    h.tenant.faults.add({ method: 'GET', path: '/api/v1/findings/FND_SA_UNOWNED', status: 500 });
    await share(h, `${CONSOLE}/findings/FND_SA_UNOWNED`);
    await waitFor(() => h.logs.join('').includes('link not previewed'), 5_000, 'the log line');
    await settle(200);
    expect(unfurlCalls(h)).toHaveLength(0);
    const line = h.logs.find((l) => l.includes('link not previewed'));
    expect(line).toMatch(/"ref":"[0-9a-f]+"/);
  });

  it('a button on a preview works like the card’s: same form, same permission, the change and its card', async () => {
    const h = await start();
    const url = `${CONSOLE}/findings/FND_SA_UNOWNED`;
    const m = await share(h, url);
    await waitFor(() => m.unfurls?.[url], 5_000, 'the preview');
    const click = (actor: SlackActor) =>
      postSigned(
        h.url,
        unfurlActionBody(actor, {
          actionId: 'finding.snooze',
          value: 'FND_SA_UNOWNED',
          messageTs: m.ts,
          url,
          triggerId: h.slack.issueTriggerId(actor.userId),
          responseUrl: h.slack.responseUrl(undefined, { user: actor.userId, channel: actor.channelId }),
        }),
        h.signingSecret,
      );
    await click(ALICE);
    const form = await h.form('finding.snooze');
    await form.submit({ 'Snooze for': '7 days', Reason: 'from the preview' });
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'the change');
    expect(h.tenant.findings.get('FND_SA_UNOWNED')?.state).toBe('FINDING_STATE_SNOOZED');
    // Its card is posted in the channel, with the thread reply saying who.
    const card = await waitFor(() =>
      h.slack.messages.find((x) => x.channel === 'C0SECOPS' && x.thread_ts === undefined && x.ts !== m.ts),
    );
    await waitFor(() => h.slack.thread('C0SECOPS', card.ts).length === 1, 5_000, 'the reply');
    // Someone without the permission in this channel is refused, nothing sent.
    await click({ ...ALICE, userId: 'U0CAROL', userName: 'carol' });
    // The snooze's loading modal opens first; the refusal is told in it.
    const told = await waitFor(
      () =>
        [...h.slack.views.values()].find(
          (v) => v.user === 'U0CAROL' && JSON.stringify(v.view).includes('not'),
        ),
      5_000,
      'the refusal',
    );
    expect(told.view.callback_id).not.toBe('finding.snooze');
    expect(h.stateChanges()).toHaveLength(1);
  });
});
