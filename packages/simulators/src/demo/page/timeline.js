// A conversation's messages in time order (Slack's ts; an ephemeral message by when it was
// posted), each updated in place: a new message is inserted where its time puts it, a changed
// one keeps its node and only its changed blocks are rebuilt. A thread's replies are not shown
// in the channel: the parent says "N replies" and opens the thread beside it, as in Slack.

import { reconcileBlocks } from './blocks.js';
import { builtFrom, el, remember } from './dom.js';
import { clock, fullDateTime, tsKey } from './time.js';

const KB = 1024;
const size = (bytes) =>
  bytes < KB
    ? `${bytes} B`
    : bytes < KB * KB
      ? `${(bytes / KB).toFixed(1)} KB`
      : `${(bytes / KB / KB).toFixed(1)} MB`;

/** The blocks a message shows: its blocks, or its text when it has none (as Slack does). */
function blocksOf(m) {
  if (m.blocks?.length) return m.blocks;
  return m.text ? [{ type: 'text', text: { type: 'mrkdwn', text: m.text } }] : [];
}

function files(m, ctx) {
  return (m.files || []).map((f) =>
    // An image is shown as Slack shows it, with the alt text the app gave it.
    (f.mimetype || '').startsWith('image/')
      ? el(
          'figure',
          { class: 'file file-image', 'data-file-id': f.id },
          el('img', { src: ctx.fileUrl(f.id), alt: f.alt || f.title || f.name, loading: 'lazy' }),
          el('figcaption', { class: 'file-title' }, f.title || f.name),
        )
      : el(
          'div',
          { class: 'file', 'data-file-id': f.id },
          el('span', { class: 'file-icon', 'aria-hidden': 'true' }, '📄'),
          el(
            'div',
            { class: 'file-meta' },
            el('div', { class: 'file-title' }, f.title || f.name),
            el('div', { class: 'file-name' }, `${f.name} · ${size(f.size)}`),
          ),
          el('a', { class: 'btn file-download', href: ctx.fileUrl(f.id), download: f.name }, 'Download'),
        ),
  );
}

export function messageNode(m, ephemeral, ctx) {
  const blocks = el('div', { class: 'blocks' });
  const node = el(
    'div',
    {
      class: `msg${ephemeral ? ' ephemeral' : ''}`,
      'data-ts': m.ts || '',
      'data-ephemeral': ephemeral ? m.id : null,
    },
    el('div', { class: 'avatar', 'aria-hidden': 'true' }, 'W'),
    el(
      'div',
      { class: 'body' },
      el(
        'div',
        { class: 'meta' },
        el('span', { class: 'who' }, 'Warden'),
        el('span', { class: 'app-badge' }, 'APP'),
        el('time', { class: 'when' }),
        el('span', { class: 'edited', hidden: true }, '(edited)'),
        ephemeral ? null : ctx.messageMenu?.(m),
      ),
      ephemeral ? el('div', { class: 'ephemeral-label' }, '👁 Only visible to you') : null,
      blocks,
      el('div', { class: 'unfurls' }),
      el('div', { class: 'files' }),
      el('button', {
        class: 'replies',
        type: 'button',
        hidden: true,
        onclick: () => ctx.openThread?.(m.channel, m.ts),
      }),
    ),
  );
  updateMessage(node, m, ctx);
  return node;
}

/** Brings a message's node up to date, touching only what changed. */
export function updateMessage(node, m, ctx) {
  const ms = m.ts ? tsKey(m.ts) / 1000 : m.at;
  const when = node.querySelector('.when');
  const iso = new Date(ms).toISOString();
  if (when.getAttribute('datetime') !== iso || when.dataset.tz !== ctx.tz) {
    when.setAttribute('datetime', iso);
    when.dataset.tz = ctx.tz;
    when.title = fullDateTime(ms, ctx.tz);
    when.textContent = clock(ms, ctx.tz);
  }
  node.querySelector('.edited').hidden = !(m.edited || m.replaced);
  // A person's message (a pasted link) is theirs, not the app's. An ephemeral's `user` is who
  // sees it, not who wrote it: it stays the app's.
  if (m.user && !node.classList.contains('ephemeral')) {
    node.querySelector('.who').textContent = ctx.personName(m.user) ?? m.user;
    node.querySelector('.meta .app-badge')?.remove();
  }
  reconcileBlocks(node.querySelector('.blocks'), blocksOf(m), ctx);
  unfurls(node.querySelector('.unfurls'), m, ctx);
  const filesBox = node.querySelector('.files');
  const filesJson = JSON.stringify(m.files || []);
  if (builtFrom(filesBox) !== filesJson) remember(filesBox, filesJson).replaceChildren(...files(m, ctx));
}

/** The previews an app set on the message's links (chat.unfurl), each under a bar like Slack's. */
function unfurls(box, m, ctx) {
  const json = JSON.stringify(m.unfurls || {});
  if (builtFrom(box) === json) return;
  remember(box, json).replaceChildren(
    ...Object.entries(m.unfurls || {}).map(([url, preview]) => {
      const blocks = el('div', { class: 'blocks' });
      reconcileBlocks(blocks, preview.blocks || [], ctx.unfurlCtx?.(url) ?? ctx);
      return el('div', { class: 'unfurl', 'data-url': url }, blocks);
    }),
  );
}

/** The "N replies" line under a thread's parent. */
export function setReplies(node, replies, ctx) {
  const bar = node.querySelector('.replies');
  if (!bar) return;
  bar.hidden = replies.length === 0;
  if (!replies.length) return;
  const last = replies[replies.length - 1];
  const text = `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`;
  const lastAt = `Last reply ${clock(tsKey(last.ts) / 1000, ctx.tz)}`;
  if (bar.dataset.text === `${text}|${lastAt}`) return;
  bar.dataset.text = `${text}|${lastAt}`;
  bar.replaceChildren(el('span', { class: 'count' }, text), el('span', { class: 'last' }, lastAt));
}

/** A list of messages kept in time order; items are {key, sort, node}. */
export class Timeline {
  constructor(root) {
    this.root = root;
    this.nodes = new Map();
  }

  has(key) {
    return this.nodes.has(key);
  }

  get(key) {
    return this.nodes.get(key);
  }

  /** Adds `node` under `key` where `sort` puts it (new messages are nearly always last). */
  insert(key, sort, node) {
    node.dataset.key = key;
    node.dataset.sort = String(sort);
    this.nodes.set(key, node);
    const stick = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight < 60;
    let after = this.root.lastElementChild;
    while (after && Number(after.dataset.sort) > sort) after = after.previousElementSibling;
    if (after) after.after(node);
    else this.root.prepend(node);
    if (stick) this.root.scrollTop = this.root.scrollHeight;
  }

  remove(key) {
    this.nodes.get(key)?.remove();
    this.nodes.delete(key);
  }

  clear() {
    this.nodes.clear();
    this.root.replaceChildren();
  }
}
