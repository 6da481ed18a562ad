// The demo page's state: who the page acts as, what it knows of the workspace, and the two
// ways out (a POST to the local Slack, a note under the message box).

export const S = {
  me: new URLSearchParams(location.search).get('as') || 'U0ALICE',
  tz: 'UTC',
  command: '/warden',
  /** The app's shortcuts (manifest.yml): {callbackId, type, name}. */
  shortcuts: [],
  people: new Map(),
  groups: {},
  channels: new Map(),
  dm: '',
  /** The workspace's address (auth.test's url): message permalinks start with it. */
  teamUrl: '',
  /** 'channel:ts' -> message (top level and replies). */
  messages: new Map(),
  /** 'channel:ts' of a parent -> its replies by ts. */
  replies: new Map(),
  ephemerals: new Map(),
  views: new Map(),
  closedViews: new Set(),
  home: null,
  current: null,
  thread: null,
  unread: 0,
  /** A command sent from this conversation: its answer, when it comes, is scrolled into view. */
  awaiting: null,
  /** Set by conversations.js: opens a thread beside its conversation. */
  openThread: null,
  /** Set by conversations.js: shows a message in its conversation (or thread) and scrolls to it. */
  openMessage: null,
};

export const $ = (id) => document.getElementById(id);
export const keyOf = (channel, ts) => `${channel}:${ts}`;
export const isReply = (m) => m.thread_ts && m.thread_ts !== m.ts;

/** What rendering needs to know about the reader. */
export const reader = {
  get tz() {
    return S.tz;
  },
  personName: (id) => S.people.get(id)?.name,
  channelName: (id) => S.channels.get(id),
  groupHandle: (id) => S.groups[id]?.handle,
  /** The people a users_select offers: the workspace's members, not bots or deactivated ones. */
  people: () =>
    [...S.people.values()].filter((p) => !p.bot && !p.deleted).sort((a, b) => a.name.localeCompare(b.name)),
  /** The conversations a conversations_select offers. */
  conversations: () => [...S.channels].map(([id, name]) => ({ id, label: `#${name}` })),
  fileUrl: (id) => `/demo/files/${encodeURIComponent(id)}?as=${encodeURIComponent(S.me)}`,
  openThread: (channel, ts) => S.openThread?.(channel, ts),
  /** The message a Slack permalink of this workspace points to: `{channel, ts}`, else undefined. */
  messageAt: (url) => {
    if (!S.teamUrl || !url.startsWith(S.teamUrl.replace(/\/*$/, '/'))) return undefined;
    const m = /\/archives\/([CGD][A-Z0-9]+)\/p(\d{10})(\d{6})(?:[?#].*)?$/.exec(url);
    return m ? { channel: m[1], ts: `${m[2]}.${m[3]}` } : undefined;
  },
  openMessage: (channel, ts) => S.openMessage?.(channel, ts),
};
export const withAct = (act) => Object.assign(Object.create(reader), { act });

export async function post(path, body) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, user: S.me }),
  });
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/** A line under the message box: what the box takes, what went wrong, what was sent. */
export function note(text, kind = 'info') {
  const box = $('composer-note');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
}

// What a person has read of their DM, kept in the browser (as Slack keeps it on the server): a
// page reloaded or switched back to them does not count those messages as new again.
const readKey = () => `warden-demo-read:${S.me}`;
export function readUpTo() {
  return Number(localStorage.getItem(readKey()) || 0);
}
export function markRead(tsNumber) {
  if (tsNumber > readUpTo()) localStorage.setItem(readKey(), String(tsNumber));
}
