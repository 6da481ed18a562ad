import { z } from 'zod';
import { num, str } from './wire-types.js';

/** Envelopes around the resources: a page of a list or search, the token answer, error bodies. */

/** One page of a list or search answer: the items are validated one by one by the pager. */
export const PageSchema = z.looseObject({
  list: z.array(z.unknown()).nullish(),
  nextPageToken: str,
});

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: str,
  expires_in: num,
});

export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: str,
});

/** The gRPC-transcoded error body the tenant likely sends (api-facts.md [I]). */
export const ServerErrorSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).nullish(),
  message: str,
  details: z.array(z.unknown()).nullish(),
});
