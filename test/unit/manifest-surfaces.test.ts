import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ShortcutId } from '../../src/blockkit/ids.js';

/**
 * manifest.yml's shortcuts, link previews and events against Slack's app manifest rules
 * (docs.slack.dev, "App manifest reference"): a shortcut's name at most 24 characters, its
 * description at most 150, a callback id at most 255; at most 5 unfurl domains, host names
 * without scheme or path; every bot event has the scope Slack requires for it.
 */
const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8'), {
  uniqueKeys: true,
}) as {
  features: {
    shortcuts?: { name?: unknown; type?: unknown; callback_id?: unknown; description?: unknown }[];
    unfurl_domains?: unknown[];
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { event_subscriptions: { bot_events: string[] }; interactivity: { is_enabled?: boolean } };
};

/** The scope Slack requires before it sends each event (each event's reference page). */
const EVENT_SCOPES: Record<string, string | undefined> = {
  app_home_opened: undefined,
  app_uninstalled: undefined,
  tokens_revoked: undefined,
  team_access_revoked: undefined,
  function_executed: undefined,
  channel_shared: 'channels:read',
  channel_unshared: 'channels:read',
  link_shared: 'links:read',
  // Slack's reference page: user_change needs users:read.
  user_change: 'users:read',
};

describe('manifest.yml: shortcuts, link previews, events', () => {
  it('declares the three shortcuts Warden answers, each within Slack’s limits', () => {
    const shortcuts = manifest.features.shortcuts ?? [];
    expect(shortcuts.map((s) => s.callback_id).sort()).toEqual(
      [ShortcutId.attach, ShortcutId.report, ShortcutId.find].sort(),
    );
    for (const s of shortcuts) {
      expect(typeof s.name === 'string' && s.name.length > 0 && s.name.length <= 24, String(s.name)).toBe(
        true,
      );
      expect(['message', 'global']).toContain(s.type);
      expect(typeof s.description === 'string' && s.description.length <= 150, String(s.name)).toBe(true);
      expect(String(s.callback_id).length).toBeLessThanOrEqual(255);
    }
    expect(shortcuts.filter((s) => s.type === 'global').map((s) => s.callback_id)).toEqual([ShortcutId.find]);
    // Shortcuts and unfurl buttons are interactivity: it must be on.
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
  });

  it('names at most 5 unfurl domains, bare host names, with the link scopes and event', () => {
    const domains = manifest.features.unfurl_domains ?? [];
    expect(domains.length).toBeGreaterThan(0);
    expect(domains.length).toBeLessThanOrEqual(5);
    for (const d of domains) expect(String(d)).toMatch(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    const scopes = manifest.oauth_config.scopes.bot;
    expect(scopes).toEqual(expect.arrayContaining(['links:read', 'links:write']));
    expect(manifest.settings.event_subscriptions.bot_events).toContain('link_shared');
  });

  it('asks for the scope each subscribed event needs, and subscribes to no event it does not know', () => {
    const scopes = new Set(manifest.oauth_config.scopes.bot);
    for (const event of manifest.settings.event_subscriptions.bot_events) {
      expect(Object.keys(EVENT_SCOPES), event).toContain(event);
      const needs = EVENT_SCOPES[event];
      if (needs) expect(scopes.has(needs), `${event} needs ${needs}`).toBe(true);
    }
  });
});
