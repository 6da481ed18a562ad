import type { ServerResponse } from 'node:http';
import type { SlackActor } from '../slack/actor.js';
import { ORG, ORG_PEOPLE } from '../slack/org.js';
import type { LocalSlack } from '../slack/server.js';

/**
 * The demo's workspaces: its own (Acme, served by the Warden run with SLACK_BOT_TOKEN) and those
 * of the local Slack's Enterprise Grid organisation, which a second Warden serves once someone
 * installs it there by OAuth from the page ("Add to another workspace"). The person the page acts
 * as decides the workspace it shows: each organisation workspace has its own person (ORG_PEOPLE)
 * and its own channel; the demo's workspace does not show the organisation's channels.
 */

export const DEMO_TEAM = { id: 'T0WARDEN', name: 'Acme' };

type OrgTeam = (typeof ORG.teams)[number];

/** The organisation workspace a person of the organisation belongs to; undefined for the demo's own people. */
export function orgTeamOf(user: string): OrgTeam | undefined {
  const person = ORG_PEOPLE.find((p) => p.id === user);
  return person ? ORG.teams.find((t) => t.id === person.team) : undefined;
}

export const isOrgPerson = (user: string) => orgTeamOf(user) !== undefined;

/** The channel a workspace's page lists, as the page names it. */
export const orgChannel = (t: OrgTeam) => ({
  id: t.channel,
  name: t.name.toLowerCase().replace(/\s+/g, '-'),
});

const ORG_CHANNELS: ReadonlySet<string> = new Set(ORG.teams.map((t) => t.channel));

/** Whether a public channel is visible to `user`: their organisation workspace's channel, or the demo's others. */
export function channelInWorkspaceOf(user: string, channel: string): boolean {
  const team = orgTeamOf(user);
  return team ? channel === team.channel : !ORG_CHANNELS.has(channel);
}

/** The workspaces the switcher lists: the demo's, and each organisation workspace Warden is installed in. */
export function installedWorkspaces(slack: LocalSlack) {
  const installed = new Set<string>();
  for (const t of slack.org.tokens.values()) if (!t.revoked) for (const team of t.teams) installed.add(team);
  return [
    { ...DEMO_TEAM, person: 'U0ALICE' },
    ...ORG.teams
      .filter((t) => installed.has(t.id))
      .map((t) => ({ id: t.id, name: t.name, person: ORG_PEOPLE.find((p) => p.team === t.id)?.id ?? '' })),
  ];
}

/** Who a request the page sends comes from: a person of the organisation through their workspace. */
export function workspaceActor(user: string, name: string, channelId: string): SlackActor {
  const team = orgTeamOf(user);
  if (!team) return { userId: user, userName: name, teamId: DEMO_TEAM.id, channelId };
  return {
    userId: user,
    userName: name,
    teamId: team.id,
    channelId,
    enterprise: { id: ORG.enterpriseId, name: ORG.name },
    isEnterpriseInstall: false,
  };
}

/** What a scope lets the app do, in the words a consent screen uses (Slack's scope reference). */
const SCOPE_WORDS: Record<string, string> = {
  commands: 'Add shortcuts and slash commands that people can use',
  'chat:write': 'Send messages as the app',
  'users:read': 'View people in the workspace',
  'users:read.email': 'View email addresses of people in the workspace',
  'usergroups:read': 'View user groups in the workspace',
  'channels:history': 'View messages and other content in public channels the app is in',
  'groups:history': 'View messages and other content in private channels the app is in',
  'channels:read': 'View basic information about public channels',
  'groups:read': 'View basic information about private channels the app is in',
  'im:read': 'View basic information about direct messages the app is in',
  'mpim:read': 'View basic information about group direct messages the app is in',
  'im:write': 'Start direct messages with people',
  'files:write': 'Upload, edit and delete files as the app',
  'links:read': 'View URLs in messages',
  'links:write': 'Show previews of URLs in messages',
};

/** The permissions the authorize URL asks for (`scope`, comma-separated), each in words. */
export function askedPermissions(query: URLSearchParams): { scope: string; words: string }[] {
  const scopes = (query.get('scope') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(scopes)].map((scope) => ({ scope, words: SCOPE_WORDS[scope] ?? scope }));
}

/**
 * Slack's consent screen for the demo: the permissions asked for, in words, and the workspace to
 * install into (the local Slack's authorize URL takes it as `team=`; without one it would pick the
 * first workspace).
 */
export function consentPage(res: ServerResponse, query: URLSearchParams): true {
  const link = (team: string) => {
    const q = new URLSearchParams(query);
    q.set('team', team);
    return `/oauth/v2/authorize?${q.toString()}`;
  };
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = ORG.teams
    .map(
      (t) =>
        `<li><a class="btn" href="${esc(link(t.id))}" data-team="${t.id}">Allow in ${esc(t.name)}</a></li>`,
    )
    .join('');
  const asked = askedPermissions(query);
  const permissions = asked.length
    ? asked
        .map((p) => `<li data-scope="${esc(p.scope)}">${esc(p.words)} <code>${esc(p.scope)}</code></li>`)
        .join('')
    : '<li>(The app asked for no permissions.)</li>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Install Warden — local Slack</title>
<link rel="stylesheet" href="/demo/app.css"></head><body class="consent">
<h1>Warden is requesting permission to access a workspace of ${esc(ORG.name)}</h1>
<h2>Warden will be able to</h2><ul class="permissions">${permissions}</ul>
<p>Choose the workspace to install it in:</p><ul>${items}</ul>
<p><a href="/">Cancel</a></p></body></html>`);
  return true;
}

/** Slack's deep link after an install (`/app_redirect?app=…&team=…`): the page, as that workspace's person. */
export function appRedirect(res: ServerResponse, query: URLSearchParams): true {
  const person = ORG_PEOPLE.find((p) => p.team === query.get('team'));
  res.writeHead(302, { location: person ? `/?as=${person.id}` : '/' });
  res.end();
  return true;
}
