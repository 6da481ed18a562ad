import type { ModalView, MessageMetadata as SlackMetadata } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type {
  ChatPort,
  FilePort,
  HistoryPort,
  LinksPort,
  MessageMetadata,
  StepsPort,
  ViewsPort,
} from '../ports/slack.js';
import { sealed, type ViewSeal } from './view-seal.js';

/** Slack's Web API behind Warden's narrow ports (clients of slack/clients.ts; their errors are already mapped). */

const HistorySchema = z.looseObject({
  messages: z
    .array(
      z.looseObject({
        ts: z.string(),
        metadata: z
          .looseObject({
            event_type: z.string().nullish(),
            event_payload: z.record(z.string(), z.unknown()).nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});

/**
 * Slack's metadata takes arrays of strings (a bulk change's `finding_ids`, README "Events for
 * other apps"); @slack/types lists arrays of objects only, hence the one widening here.
 */
const slackMetadata = (m: MessageMetadata): SlackMetadata => m as SlackMetadata;

export function createChatPort(client: WebClient): ChatPort {
  return {
    async post(m) {
      const posted = await client.chat.postMessage({
        channel: m.channel,
        text: m.text,
        ...(m.blocks ? { blocks: m.blocks } : {}),
        ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
        ...(m.metadata ? { metadata: slackMetadata(m.metadata) } : {}),
      });
      if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
      return posted.ts;
    },
    async update(m) {
      await client.chat.update({
        channel: m.channel,
        ts: m.ts,
        text: m.text,
        ...(m.blocks ? { blocks: m.blocks } : {}),
        ...(m.metadata ? { metadata: slackMetadata(m.metadata) } : {}),
      });
    },
    async ephemeral(m) {
      await client.chat.postEphemeral({
        channel: m.channel,
        user: m.user,
        text: m.text,
        ...(m.blocks ? { blocks: m.blocks } : {}),
      });
    },
  };
}

export function createLinksPort(client: WebClient): LinksPort {
  return {
    async unfurl(target, unfurls) {
      const where =
        'ts' in target
          ? { channel: target.channel, ts: target.ts }
          : { unfurl_id: target.unfurlId, source: target.source };
      await client.chat.unfurl({ ...where, unfurls });
    },
  };
}

export function createHistoryPort(client: WebClient): HistoryPort {
  return {
    async findPost(channel, metadata) {
      const history = HistorySchema.parse(
        await client.conversations.history({ channel, limit: 100, include_all_metadata: true }),
      );
      const wanted = Object.entries(metadata.event_payload);
      return history.messages?.find(
        (m) =>
          m.metadata?.event_type === metadata.event_type &&
          wanted.every(([k, v]) => m.metadata?.event_payload?.[k] === v),
      )?.ts;
    },
    async permalink(channel, ts) {
      const answer = PermalinkSchema.parse(await client.chat.getPermalink({ channel, message_ts: ts }));
      return answer.permalink;
    },
  };
}

const PermalinkSchema = z.looseObject({ permalink: z.string().url().max(2_000) });

/**
 * Modals and the Home tab, each over the client of its 429 policy (clients.ts): `trigger` for
 * views.open and views.push (a trigger_id lives 3 s: a 429 fails at once), `people` for
 * views.update (the person is looking at the modal), `home` for views.publish (nobody waits on
 * it: a 429 is handed back rather than holding a worker).
 */
export function createViewsPort(
  clients: {
    trigger: WebClient;
    people: WebClient;
    home: WebClient;
  },
  seal: ViewSeal,
): ViewsPort {
  const { trigger, people, home } = clients;
  return {
    async open(triggerId: string, view: ModalView) {
      const opened = await trigger.views.open({ trigger_id: triggerId, view: sealed(seal, view) });
      const id = opened.view?.id;
      if (!id) throw new Error('views.open answered without a view id');
      return id;
    },
    async push(triggerId: string, view: ModalView) {
      const pushed = await trigger.views.push({ trigger_id: triggerId, view: sealed(seal, view) });
      const id = pushed.view?.id;
      if (!id) throw new Error('views.push answered without a view id');
      return id;
    },
    async update(viewId: string, view: ModalView) {
      await people.views.update({ view_id: viewId, view: sealed(seal, view) });
    },
    async publish(userId, view) {
      await home.views.publish({ user_id: userId, view: sealed(seal, view) });
    },
    metadataOf: (callbackId, sent) => seal.open(callbackId, sent),
  };
}

export function createFilePort(client: WebClient): FilePort {
  return {
    async openDm(userId) {
      const dm = await client.conversations.open({ users: userId });
      const channel = dm.channel?.id;
      if (!channel) throw new Error('conversations.open answered without a channel');
      return channel;
    },
    async upload(f) {
      await client.filesUploadV2({
        channel_id: f.channel,
        file: Buffer.from(f.content, 'utf8'),
        filename: f.filename,
        title: f.title,
        initial_comment: f.comment,
      });
    },
    async share(message, files) {
      await client.filesUploadV2({
        channel_id: message.channel,
        initial_comment: message.text,
        ...(message.blocks ? { blocks: message.blocks } : {}),
        file_uploads: files.map((f) => ({
          file: f.bytes,
          filename: f.filename,
          title: f.title,
          ...(f.altText ? { alt_text: f.altText } : {}),
        })),
      });
    },
  };
}

export function createStepsPort(client: WebClient): StepsPort {
  return {
    async complete(executionId, outputs) {
      await client.functions.completeSuccess({ function_execution_id: executionId, outputs });
    },
    async fail(executionId, error) {
      await client.functions.completeError({ function_execution_id: executionId, error });
    },
  };
}
