import type { SlackActor } from '@warden/simulators';
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
