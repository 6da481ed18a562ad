// Warden demo page: renders the local Slack's channel (Block Kit), modals and ephemeral messages,
// and sends clicks, form submissions and slash commands back through the local Slack, which signs
// them as Slack does. Plain browser JavaScript, no build step, no network but this page's origin.
// Every piece of text is put in the DOM as text (never as HTML), so nothing a tenant wrote runs.

const state = { me: 'U0ALICE', users: {}, data: null, openViewId: null, renderedView: null, errors: {} };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}

// ---- mrkdwn -------------------------------------------------------------------------------

const decode = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function formatDate(seconds, format, fallback) {
  const d = new Date(Number(seconds) * 1000);
  if (Number.isNaN(d.getTime())) return fallback;
  const date = d.toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return format
    .replace('{date_short_pretty}', date)
    .replace('{date_short}', date)
    .replace('{date_long}', date)
    .replace('{date}', date)
    .replace('{time}', time);
}

/** One `<…>` sequence of Slack's formatting. */
function special(inner) {
  const [target, label] = inner.split('|', 2);
  if (/^@[UW]/.test(target)) {
    const id = target.slice(1);
    return el('span', { class: 'mention' }, `@${state.users[id] || id}`);
  }
  if (target.startsWith('#C') || target.startsWith('#G'))
    return el('span', { class: 'mention' }, `#${label || target.slice(1)}`);
  if (target.startsWith('!subteam^')) return el('span', { class: 'mention' }, `@${target.slice(9)}`);
  if (target.startsWith('!date^')) {
    const [, seconds, format] = target.split('^');
    return el(
      'span',
      { class: 'date', title: decode(label || '') },
      formatDate(seconds, format || '{date}', decode(label || '')),
    );
  }
  if (/^https?:\/\//.test(target))
    return el('a', { href: target, target: '_blank', rel: 'noopener noreferrer' }, decode(label || target));
  return document.createTextNode(decode(label || target));
}

const INLINE = /(```[\s\S]*?```|`[^`\n]+`|\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/;

function inline(text) {
  const out = [];
  for (const piece of text.split(INLINE)) {
    if (!piece) continue;
    if (piece.startsWith('```') && piece.endsWith('```') && piece.length >= 6)
      out.push(el('pre', {}, decode(piece.slice(3, -3))));
    else if (piece.startsWith('`') && piece.endsWith('`') && piece.length >= 2)
      out.push(el('code', {}, decode(piece.slice(1, -1))));
    else if (piece.startsWith('*') && piece.endsWith('*') && piece.length >= 2)
      out.push(el('strong', {}, ...mrkdwnParts(piece.slice(1, -1))));
    else if (piece.startsWith('_') && piece.endsWith('_') && piece.length >= 2)
      out.push(el('em', {}, ...mrkdwnParts(piece.slice(1, -1))));
    else if (piece.startsWith('~') && piece.endsWith('~') && piece.length >= 2)
      out.push(el('s', {}, decode(piece.slice(1, -1))));
    else out.push(document.createTextNode(decode(piece)));
  }
  return out;
}

function mrkdwnParts(text) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(/<([^<>\n]+)>/g)) {
    parts.push(...inline(text.slice(last, m.index)));
    parts.push(special(m[1]));
    last = m.index + m[0].length;
  }
  parts.push(...inline(text.slice(last)));
  return parts;
}

/** mrkdwn to DOM, with `> ` quote lines. */
function mrkdwn(text) {
  const frag = document.createDocumentFragment();
  const lines = String(text || '').split('\n');
  lines.forEach((line, i) => {
    if (line.startsWith('&gt; ') || line.startsWith('> '))
      frag.append(el('blockquote', {}, ...mrkdwnParts(line.replace(/^(&gt;|>) /, ''))));
    else {
      frag.append(...mrkdwnParts(line));
      if (i < lines.length - 1) frag.append(document.createTextNode('\n'));
    }
  });
  return frag;
}

const textOf = (t) => (t && t.type === 'mrkdwn' ? mrkdwn(t.text) : document.createTextNode(t ? t.text : ''));

// ---- Block Kit ------------------------------------------------------------------------------

function button(b, ctx) {
  const cls = `btn${b.style ? ` ${b.style}` : ''}`;
  return el(
    'button',
    {
      class: cls,
      type: 'button',
      'data-action-id': b.action_id,
      onclick: async () => {
        if (b.confirm && !(await confirmDialog(b.confirm))) return;
        await post('/demo/click', {
          actionId: b.action_id,
          value: b.value,
          blockId: ctx.blockId,
          messageTs: ctx.messageTs,
          ephemeralId: ctx.ephemeralId,
        });
      },
    },
    b.text ? b.text.text : 'button',
  );
}

function overflow(o, ctx) {
  const select = el(
    'select',
    {
      'data-action-id': o.action_id,
      onchange: async () => {
        const chosen = o.options.find((x) => x.value === select.value);
        select.value = '';
        if (chosen)
          await post('/demo/click', {
            actionId: o.action_id,
            value: chosen.value,
            blockId: ctx.blockId,
            messageTs: ctx.messageTs,
          });
      },
    },
    el('option', { value: '' }, '⋯'),
    ...o.options.map((x) => el('option', { value: x.value }, x.text.text)),
  );
  return select;
}

function element(e, ctx) {
  if (!e) return null;
  if (e.type === 'button') return button(e, ctx);
  if (e.type === 'overflow') return overflow(e, ctx);
  if (e.type === 'image') return el('img', { src: e.image_url, alt: e.alt_text, width: 48, height: 48 });
  return null;
}

function renderBlocks(blocks, ctx) {
  const out = [];
  for (const b of blocks || []) {
    const bctx = { ...ctx, blockId: b.block_id };
    if (b.type === 'header') out.push(el('div', { class: 'block header' }, b.text.text));
    else if (b.type === 'divider') out.push(el('hr', { class: 'divider' }));
    else if (b.type === 'context')
      out.push(
        el(
          'div',
          { class: 'block context' },
          ...(b.elements || []).map((x) => (x.type === 'image' ? element(x, bctx) : textOf(x))),
        ),
      );
    else if (b.type === 'actions')
      out.push(el('div', { class: 'block actions' }, ...(b.elements || []).map((x) => element(x, bctx))));
    else if (b.type === 'section') {
      const body = el('div', { class: 'text' }, b.text ? textOf(b.text) : '');
      if (b.fields)
        body.append(
          el('div', { class: 'fields' }, ...b.fields.map((f) => el('div', { class: 'field' }, textOf(f)))),
        );
      out.push(el('div', { class: 'block section' }, body, element(b.accessory, bctx)));
    } else if (b.type === 'input') out.push(inputBlock(b));
  }
  return out;
}

// ---- channel ------------------------------------------------------------------------------

function message(m, ephemeral) {
  const name = m.bot ? 'Warden' : state.users[m.user] || 'Warden';
  const body = el(
    'div',
    { class: 'body' },
    ephemeral ? el('div', { class: 'ephemeral-label' }, '👁 Only visible to you') : null,
    el(
      'div',
      {},
      el('span', { class: 'who' }, name),
      el('span', { class: 'when' }, m.ts ? formatDate(m.ts.split('.')[0], '{time}', '') : ''),
      m.edited ? el('span', { class: 'edited' }, '(edited)') : null,
    ),
  );
  const blocks = m.blocks?.length
    ? renderBlocks(m.blocks, { messageTs: m.ts, ephemeralId: m.id })
    : [el('div', { class: 'block section' }, el('div', { class: 'text' }, mrkdwn(m.text)))];
  body.append(...blocks);
  const replies = (state.data.messages || []).filter((r) => r.thread_ts === m.ts);
  if (replies.length)
    body.append(
      el('div', { class: 'thread', 'data-thread': m.ts }, ...replies.map((r) => message(r, false))),
    );
  return el(
    'div',
    {
      class: `msg${ephemeral ? ' ephemeral' : ''}`,
      'data-ts': m.ts || '',
      'data-ephemeral': ephemeral ? m.id : null,
    },
    el('div', { class: 'avatar' }, name[0].toUpperCase()),
    body,
  );
}

function renderChannel() {
  const root = document.getElementById('channel');
  const atBottom = root.scrollHeight - root.scrollTop - root.clientHeight < 40;
  const items = [
    ...(state.data.messages || [])
      .filter((m) => !m.thread_ts)
      .map((m) => ({ at: Number(m.ts), node: () => message(m, false) })),
    ...(state.data.ephemerals || []).map((e) => ({ at: e.at / 1000, node: () => message(e, true) })),
  ].sort((a, b) => a.at - b.at);
  root.replaceChildren(...items.map((i) => i.node()));
  if (atBottom) root.scrollTop = root.scrollHeight;
}

// ---- modals -------------------------------------------------------------------------------

function inputBlock(b) {
  const id = b.block_id;
  const e = b.element || {};
  const name = `${id}.${e.action_id}`;
  let control;
  if (e.type === 'plain_text_input') {
    control = e.multiline
      ? el(
          'textarea',
          {
            name,
            'data-block': id,
            maxlength: e.max_length,
            placeholder: e.placeholder ? e.placeholder.text : '',
          },
          e.initial_value || '',
        )
      : el('input', {
          type: 'text',
          name,
          'data-block': id,
          maxlength: e.max_length,
          value: e.initial_value || '',
        });
  } else if (e.type === 'datepicker')
    control = el('input', { type: 'date', name, 'data-block': id, value: e.initial_date || '' });
  else if (e.type === 'timepicker')
    control = el('input', { type: 'time', name, 'data-block': id, value: e.initial_time || '' });
  else if (e.type === 'static_select') {
    control = el(
      'select',
      { name, 'data-block': id },
      el('option', { value: '' }, e.placeholder ? e.placeholder.text : 'Choose…'),
      ...(e.options || []).map((o) =>
        el(
          'option',
          { value: o.value, selected: e.initial_option && e.initial_option.value === o.value },
          o.text.text,
        ),
      ),
    );
  } else if (e.type === 'radio_buttons' || e.type === 'checkboxes') {
    const kind = e.type === 'radio_buttons' ? 'radio' : 'checkbox';
    control = el(
      'div',
      { 'data-block': id, 'data-kind': kind },
      ...(e.options || []).map((o) =>
        el(
          'label',
          { class: 'choice' },
          el('input', { type: kind, name, value: o.value }),
          ` ${o.text.text}`,
        ),
      ),
    );
  } else control = el('div', {}, `(unsupported input ${e.type})`);
  return el(
    'div',
    { class: 'input-block', 'data-block-id': id },
    el(
      'label',
      { class: 'lbl' },
      b.label ? b.label.text : id,
      b.optional ? el('span', { class: 'optional' }, ' (optional)') : null,
    ),
    control,
    b.hint ? el('div', { class: 'hint' }, b.hint.text) : null,
    state.errors[id] ? el('div', { class: 'field-error', role: 'alert' }, state.errors[id]) : null,
  );
}

/** The form's values in Slack's view.state.values shape. */
function collectValues(view) {
  const values = {};
  for (const b of view.blocks || []) {
    if (b.type !== 'input') continue;
    const e = b.element || {};
    const root = document.querySelector(`[data-block-id="${CSS.escape(b.block_id)}"]`);
    if (!root) continue;
    const v = { type: e.type };
    if (e.type === 'plain_text_input') v.value = root.querySelector('input, textarea').value || null;
    else if (e.type === 'datepicker') v.selected_date = root.querySelector('input').value || null;
    else if (e.type === 'timepicker') v.selected_time = root.querySelector('input').value || null;
    else if (e.type === 'static_select') {
      const s = root.querySelector('select').value;
      v.selected_option = s ? { value: s, text: { type: 'plain_text', text: s } } : null;
    } else if (e.type === 'radio_buttons') {
      const c = root.querySelector('input:checked');
      v.selected_option = c ? { value: c.value } : null;
    } else if (e.type === 'checkboxes')
      v.selected_options = [...root.querySelectorAll('input:checked')].map((c) => ({ value: c.value }));
    values[b.block_id] = { [e.action_id]: v };
  }
  return values;
}

function renderModal() {
  const root = document.getElementById('modal-root');
  const open = state.data.view;
  if (!open) {
    root.replaceChildren();
    state.renderedView = null;
    return;
  }
  // keep what the person typed: re-render only when the view (or its errors) changed
  const key = `${open.id}:${open.hash}:${JSON.stringify(state.errors)}`;
  if (state.renderedView === key) return;
  state.renderedView = key;
  const v = open.view;
  const form = el('form', {
    class: 'modal',
    role: 'dialog',
    'aria-label': v.title ? v.title.text : 'Modal',
    onsubmit: async (ev) => {
      ev.preventDefault();
      const answer = await post('/demo/submit', { viewId: open.id, values: collectValues(v) });
      state.errors = answer && answer.response_action === 'errors' ? answer.errors : {};
      state.renderedView = null;
      await refresh();
    },
  });
  form.append(
    el('div', { class: 'modal-title' }, v.title ? v.title.text : ''),
    el('div', { class: 'modal-body' }, ...renderBlocks(v.blocks, {})),
    el(
      'div',
      { class: 'modal-foot' },
      el(
        'button',
        {
          class: 'btn',
          type: 'button',
          onclick: async () => {
            await post('/demo/close', { viewId: open.id });
            state.errors = {};
            await refresh();
          },
        },
        v.close ? v.close.text : 'Close',
      ),
      v.submit ? el('button', { class: 'btn primary', type: 'submit' }, v.submit.text) : null,
    ),
  );
  root.replaceChildren(el('div', { class: 'overlay' }, form));
}

function confirmDialog(c) {
  return new Promise((resolve) => {
    const root = document.getElementById('confirm-root');
    const done = (ok) => {
      root.replaceChildren();
      resolve(ok);
    };
    root.replaceChildren(
      el(
        'div',
        { class: 'overlay confirm' },
        el(
          'div',
          { class: 'modal', role: 'alertdialog' },
          el('div', { class: 'modal-title' }, c.title ? c.title.text : 'Are you sure?'),
          el('div', { class: 'modal-body' }, textOf(c.text)),
          el(
            'div',
            { class: 'modal-foot' },
            el(
              'button',
              { class: 'btn', type: 'button', onclick: () => done(false) },
              c.deny ? c.deny.text : 'Cancel',
            ),
            el(
              'button',
              { class: 'btn primary', type: 'button', onclick: () => done(true) },
              c.confirm ? c.confirm.text : 'Yes',
            ),
          ),
        ),
      ),
    );
  });
}

// ---- wiring -------------------------------------------------------------------------------

async function post(path, body) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  setTimeout(refresh, 150);
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

async function refresh() {
  const res = await fetch('/demo/state');
  state.data = await res.json();
  state.users = state.data.users || {};
  state.me = state.data.me;
  document.getElementById('me').textContent = state.users[state.me] || state.me;
  renderChannel();
  renderModal();
}

document.getElementById('composer').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const input = document.getElementById('command');
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  await post('/demo/command', { text });
});

refresh();
setInterval(refresh, 800);
