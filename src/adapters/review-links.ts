import { z } from 'zod';
import type { AccessReviewStore } from '../ports/access-review-store.js';
import type { PersonalCredential, ReviewLink, ReviewLinks } from '../ports/access-reviews.js';
import { Secret } from '../secret.js';
import type { TokenCipher } from '../slack/token-cipher.js';

/**
 * Linked reviewers over the store, each person's personal client sealed as installation tokens
 * are (slack/token-cipher.ts: AES-256-GCM, the key's id in front, rotation), with the row's key as
 * additional data: a sealed credential copied onto another person's row does not open. What an
 * older key sealed is sealed again with the current one when it is next read.
 */

const SealedSchema = z.object({
  personalClientId: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
});

export const linkAad = (team: string, slackUserId: string) => `review-link:${team}:${slackUserId}`;

const linkOf = (r: {
  team: string;
  slackUserId: string;
  identityUserId: string;
  personalClientId: string;
  name: string;
  createdAt: number;
}): ReviewLink => ({
  team: r.team,
  slackUserId: r.slackUserId,
  identityUserId: r.identityUserId,
  personalClientId: r.personalClientId,
  name: r.name,
  createdAt: r.createdAt,
});

export function createReviewLinks(store: AccessReviewStore, cipher: TokenCipher): ReviewLinks {
  return {
    async save(link, c) {
      const plain = JSON.stringify({
        personalClientId: c.personalClientId,
        clientId: c.clientId,
        clientSecret: c.clientSecret.reveal(),
      });
      await store.saveReviewLink({
        ...link,
        keyId: cipher.keyId,
        sealed: cipher.encrypt(plain, linkAad(link.team, link.slackUserId)),
      });
    },
    async get(team, user) {
      const row = await store.reviewLink(team, user);
      return row ? linkOf(row) : undefined;
    },
    async credential(link): Promise<PersonalCredential | undefined> {
      const row = await store.reviewLink(link.team, link.slackUserId);
      if (!row) return undefined;
      const aad = linkAad(row.team, row.slackUserId);
      const { plain, stale } = cipher.decrypt(row.sealed, aad);
      const parsed = SealedSchema.parse(JSON.parse(plain));
      if (stale)
        await store.resealReviewLink(
          row.team,
          row.slackUserId,
          row.sealed,
          cipher.keyId,
          cipher.encrypt(plain, aad),
        );
      return {
        personalClientId: parsed.personalClientId,
        clientId: parsed.clientId,
        clientSecret: new Secret(parsed.clientSecret),
      };
    },
    async all(team) {
      return (await store.reviewLinks(team)).map(linkOf);
    },
    remove: (team, user) => store.deleteReviewLink(team, user),
  };
}
