import { createViewSeal } from '../../src/slack/view-seal.js';

/**
 * A view's metadata as Warden sends it to Slack (sealed: slack/view-seal.ts), for a test that
 * builds a click in a modal or a submission by hand rather than from a view the local Slack holds.
 */
export const sealedMetadata = (signingSecret: string, callbackId: string, metadata: string): string =>
  createViewSeal(signingSecret).seal(callbackId, metadata);

/** A view's metadata as Warden wrote it, from what the local Slack holds (the seal taken off). */
export function unsealedMetadata(sent: unknown): string {
  const raw = String(sent ?? '');
  const at = raw.lastIndexOf('~');
  return at < 0 ? raw : raw.slice(0, at);
}
