import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { createViewSeal, type ViewSeal } from '../slack/view-seal.js';

/**
 * The seal of views' metadata (slack/view-seal.ts), keyed from the signing secret, which every
 * replica shares; in Socket Mode without one, from the app-level token. With neither (a bare
 * test setup), a key of this process: a form opened before a restart is then asked to be opened
 * again, nothing worse.
 */
export function viewSealOf(config: Readonly<Config>): ViewSeal {
  const secret =
    config.slack.signingSecret?.reveal() ??
    config.slack.appToken?.reveal() ??
    randomBytes(32).toString('hex');
  return createViewSeal(secret);
}
