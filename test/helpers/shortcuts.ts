import { postSigned, type SlackActor, viewActionBody } from '@warden/simulators';
import { ALICE, type Form, type Harness } from './harness.js';

/**
 * Shortcuts as a person uses them (the local Slack signs and posts Slack's payloads): on a
 * message someone wrote in the channel, or from the shortcuts menu; then the form they open.
 */
export async function onMessage(
  h: Harness,
  callbackId: string,
  text: string,
  actor: SlackActor = ALICE,
): Promise<{ ts: string; status: number }> {
  const ts = h.slack.postAsPerson(actor.channelId, 'U0CAROL', text);
  const answer = await h.slack.messageShortcut(h.url, actor, callbackId, ts);
  return { ts, status: answer.status };
}

export async function formOnMessage(
  h: Harness,
  callbackId: string,
  text: string,
  actor: SlackActor = ALICE,
): Promise<{ ts: string; form: Form }> {
  const { ts } = await onMessage(h, callbackId, text, actor);
  return { ts, form: await h.form(callbackId) };
}

/** The sentence the person was left with in their latest modal (Loading… replaced), if any. */
export function lastModalText(h: Harness, user = ALICE.userId): string {
  const mine = [...h.slack.views.values()].filter((v) => v.user === user || v.user === undefined);
  return JSON.stringify(mine.at(-1)?.view.blocks ?? []);
}

/** A button in an open modal (e.g. Open card in Find a finding's results), as Slack sends it. */
export function clickInModal(h: Harness, viewId: string, actionId: string, value: string, actor = ALICE) {
  const open = h.slack.views.get(viewId);
  if (!open) throw new Error(`no view ${viewId}`);
  const body = viewActionBody(actor, {
    view: { ...open.view, id: open.id, hash: open.hash },
    action: { action_id: actionId, type: 'button', value },
    triggerId: h.slack.issueTriggerId(actor.userId),
  });
  return postSigned(h.url, body, h.signingSecret);
}
