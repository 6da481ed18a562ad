import {
  blockActionBody,
  type LocalSlack,
  type OpenView,
  type SignedPostResult,
  type SlackActor,
  slashCommandBody,
  viewSubmissionBody,
} from '@warden/simulators';
import { ALICE } from './actors.js';
import { type Answer, fillByLabel, labelsOf } from './form-fill.js';
import type { Deliver, DeliverOptions } from './lanes.js';
import { FLOW_WAIT_MS, waitFor } from './wait.js';

export { ALICE };

/** An open modal, filled and submitted as a person does: by its labels. */
export interface Form {
  view: OpenView;
  labels: string[];
  /** Submits these answers (by label); `errors` holds the field errors Warden answered with. */
  submit(
    answers: Record<string, Answer>,
    actor?: SlackActor,
  ): Promise<SignedPostResult & { errors?: Record<string, string> }>;
}

/** What a person does in Slack, as the requests Slack sends Warden: the same in every lane. */
export interface FlowVerbs {
  command(text: string, actor?: SlackActor): Promise<SignedPostResult>;
  /** Clicks a button; `onEphemeral` names the ephemeral message it is on (its response_url replaces it). */
  click(
    actionId: string,
    value: string,
    messageTs: string,
    actor?: SlackActor,
    onEphemeral?: string,
  ): Promise<SignedPostResult>;
  submit(
    view: OpenView,
    values: Record<string, Record<string, unknown>>,
    actor?: SlackActor,
  ): Promise<SignedPostResult>;
  /** Clicks a button and waits for the form it opens (the view that replaces Loading…). */
  openForm(actionId: string, value: string, messageTs: string, actor?: SlackActor): Promise<Form>;
  /** The form now open with this callback id (e.g. after a command opened it). */
  form(callbackId: string): Promise<Form>;
  /**
   * Does `act` and waits for the form with this callback id it opens: never one open before it
   * (a held or answered form of an earlier step may still be open with the same callback id).
   */
  opens(callbackId: string, act: () => Promise<unknown>): Promise<Form>;
  /** Any Slack request built elsewhere (a Home tab click, a modal's button), as its raw body. */
  send(raw: string, opts?: DeliverOptions): Promise<SignedPostResult>;
}

/** The verbs over one lane's `deliver`, reading and issuing what the local Slack knows. */
export function flowVerbs(slack: LocalSlack, deliver: Deliver): FlowVerbs {
  const formOf = (view: OpenView): Form => ({
    view,
    labels: labelsOf(view.view),
    async submit(answers, actor = ALICE) {
      const answer = await verbs.submit(view, fillByLabel(view.view, answers), actor);
      const parsed: unknown = answer.body ? JSON.parse(answer.body) : undefined;
      const errors =
        typeof parsed === 'object' && parsed !== null && 'errors' in parsed
          ? (parsed.errors as Record<string, string>)
          : undefined;
      return errors ? { ...answer, errors } : answer;
    },
  });
  const seen = () => new Set([...slack.views.values()].map((v) => `${v.id}:${v.hash}`));
  const waitForForm = (callbackId: string, after: ReadonlySet<string>) =>
    waitFor(
      () =>
        [...slack.views.values()]
          .reverse()
          .find((v) => !after.has(`${v.id}:${v.hash}`) && v.view.callback_id === callbackId && !v.closed),
      FLOW_WAIT_MS,
      `${callbackId} form`,
    ).then(formOf);

  const verbs: FlowVerbs = {
    command(text, actor = ALICE) {
      const body = slashCommandBody(actor, {
        text,
        triggerId: slack.issueTriggerId(),
        responseUrl: slack.responseUrl(),
      });
      return deliver(body);
    },
    click(actionId, value, messageTs, actor = ALICE, onEphemeral) {
      const body = blockActionBody(actor, {
        actionId,
        value,
        messageTs,
        triggerId: slack.issueTriggerId(),
        responseUrl: slack.responseUrl(onEphemeral),
        // Slack marks a click on an ephemeral so (container.is_ephemeral) and sends no message.
        ephemeral: onEphemeral !== undefined,
      });
      return deliver(body);
    },
    submit(view, values, actor = ALICE) {
      const body = viewSubmissionBody(actor, {
        viewId: view.id,
        callbackId: String(view.view.callback_id),
        privateMetadata: String(view.view.private_metadata ?? ''),
        values,
        triggerId: slack.issueTriggerId(),
      });
      return deliver(body);
    },
    async openForm(actionId, value, messageTs, actor = ALICE) {
      const before = seen();
      const clickedAt = Date.now();
      const ack = await verbs.click(actionId, value, messageTs, actor);
      return waitForForm(actionId, before).catch((error: unknown) => {
        // A flake here is only diagnosable with what Slack saw: the ack and each views call with
        // its trigger's age (the local Slack refuses a trigger older than 3 s, as Slack does).
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; ack ${ack.status} after ${Math.round(ack.ms)} ms; ${viewCalls(slack, clickedAt)}`,
        );
      });
    },
    form(callbackId) {
      return waitForForm(callbackId, new Set());
    },
    async opens(callbackId, act) {
      const before = seen();
      await act();
      return waitForForm(callbackId, before);
    },
    send: deliver,
  };
  return verbs;
}

/** The views.* calls made since `since`: callback id, and how old the trigger was when used. */
function viewCalls(slack: LocalSlack, since: number): string {
  const calls = ['views.open', 'views.push', 'views.update']
    .flatMap((m) => slack.callsOf(m))
    .filter((c) => c.at >= since)
    .map((c) => {
      const view = c.args.view as { callback_id?: unknown } | undefined;
      const issued = /^\d+\.(\d{13})\./.exec(String(c.args.trigger_id ?? ''))?.[1];
      const age = issued ? ` trigger ${c.at - Number(issued)} ms old` : '';
      return `${c.method}(${String(view?.callback_id ?? '?')}) at +${c.at - since} ms${age}`;
    });
  return calls.length ? `views calls: ${calls.join(', ')}` : 'no views call';
}
