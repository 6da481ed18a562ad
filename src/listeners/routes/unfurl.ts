import { z } from 'zod';
import { unfurlLinks } from '../../usecases/links/unfurl-link.js';
import type { EventRoute } from '../route.js';

/**
 * link_shared (docs.slack.dev "link_shared"): a posted message, or a draft in the composer
 * (`source: composer`, channel `COMPOSER`, the unfurl id as `message_ts`: no channel is known).
 */
const LinkSharedSchema = z.looseObject({
  // The Events API envelope: whether the conversation is shared with another organisation.
  is_ext_shared_channel: z.boolean().nullish(),
  event: z.looseObject({
    type: z.literal('link_shared'),
    channel: z.string().regex(/^[CGD][A-Z0-9]{2,30}$/),
    user: z.string().regex(/^[UW][A-Z0-9]{2,30}$/),
    // From the composer it is the unfurl id, not a ts.
    message_ts: z.string().max(400).nullish(),
    unfurl_id: z.string().min(1).max(400).nullish(),
    source: z.enum(['composer', 'conversations_history']).nullish(),
    links: z.array(z.looseObject({ url: z.string().max(4_000) })).max(100),
  }),
});

export const UNFURL_ROUTES: EventRoute[] = [
  {
    kind: 'event',
    event: 'link_shared',
    access: { none: "checked per link by the use case: the sharer's mapping and permission in the channel" },
    async run(p, body, ref) {
      const parsed = LinkSharedSchema.safeParse(body);
      if (!parsed.success) return void p.logger.warn({ ref }, 'unreadable link_shared ignored');
      const e = parsed.data.event;
      const where =
        e.unfurl_id && e.source
          ? { unfurlId: e.unfurl_id, source: e.source }
          : e.message_ts
            ? { channel: e.channel, ts: e.message_ts }
            : undefined;
      if (!where) return void p.logger.warn({ ref }, 'link_shared without a message or unfurl id ignored');
      await unfurlLinks(p, {
        channel: e.source === 'composer' ? undefined : e.channel,
        userId: e.user,
        where,
        urls: e.links.map((l) => l.url),
        ref,
        extShared: parsed.data.is_ext_shared_channel ?? undefined,
      });
    },
  },
];
