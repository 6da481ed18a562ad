// Block Kit's interactive elements other than buttons, as Slack shows them, in an input block or
// in an actions block / section accessory: the select menus (static, users, multi users,
// conversations, channels), checkboxes, radio buttons and the overflow menu. Each control reads
// back its state in view.state.values' shape, and says what a block_actions payload carries
// when it is used (selected_option, selected_options, selected_user, …).

import { el } from './dom.js';
import { plainText } from './mrkdwn.js';

const SELECTS = new Set([
  'static_select',
  'multi_static_select',
  'users_select',
  'multi_users_select',
  'conversations_select',
  'multi_conversations_select',
  'channels_select',
  'multi_channels_select',
]);
export const isStateful = (type) => SELECTS.has(type) || type === 'checkboxes' || type === 'radio_buttons';

const option = (o) => ({ text: { type: 'plain_text', text: plainText(o.text) }, value: o.value });

/** The options a select offers: its own, or the workspace's people or conversations. */
function choicesOf(e, ctx) {
  if (e.type.endsWith('users_select')) return ctx.people().map((p) => ({ value: p.id, label: p.name }));
  if (/conversations_select|channels_select/.test(e.type))
    return ctx.conversations().map((c) => ({ value: c.id, label: c.label }));
  const flat = [...(e.options || []), ...(e.option_groups || []).flatMap((g) => g.options || [])];
  return flat.map((o) => ({ value: o.value, label: plainText(o.text) }));
}

function initialOf(e) {
  const one =
    e.initial_user ?? e.initial_conversation ?? e.initial_channel ?? e.initial_option?.value ?? undefined;
  const many = [
    ...(e.initial_users || []),
    ...(e.initial_conversations || []),
    ...(e.initial_channels || []),
    ...(e.initial_options || []).map((o) => o.value),
  ];
  return new Set(one === undefined ? many : [one, ...many]);
}

/** A select menu (a native one: the people and channels of the workspace, or its options). */
function select(e, attrs, ctx) {
  const multi = e.type.startsWith('multi_');
  const initial = initialOf(e);
  return el(
    'select',
    { ...attrs, 'data-type': e.type, multiple: multi },
    multi ? null : el('option', { value: '' }, e.placeholder ? plainText(e.placeholder) : 'Select an item'),
    choicesOf(e, ctx).map((c) => el('option', { value: c.value, selected: initial.has(c.value) }, c.label)),
  );
}

function choices(e, attrs, name) {
  const kind = e.type === 'radio_buttons' ? 'radio' : 'checkbox';
  const initial = initialOf(e);
  return el(
    'div',
    { ...attrs, 'data-type': e.type, 'data-kind': kind, role: 'group' },
    (e.options || []).map((o) =>
      el(
        'label',
        { class: 'choice' },
        el('input', { type: kind, name, value: o.value, checked: initial.has(o.value) }),
        ` ${plainText(o.text)}`,
      ),
    ),
  );
}

/** A stateful control for element `e`; `onChange` (in actions blocks) is told what changed. */
export function stateful(e, attrs, ctx, onChange) {
  const node = SELECTS.has(e.type) ? select(e, attrs, ctx) : choices(e, attrs, attrs.name);
  if (onChange) node.addEventListener('change', () => onChange(actionOf(e, node)));
  return node;
}

/** What `node` holds, as view.state.values shows an element of type `e.type`. */
export function stateOf(e, node) {
  const all = [...(e.options || []), ...(e.option_groups || []).flatMap((g) => g.options || [])];
  const known = new Map(all.map((o) => [o.value, option(o)]));
  const asOption = (value) => known.get(value) ?? { value };
  const chosen =
    node.tagName === 'SELECT'
      ? [...node.selectedOptions].map((o) => o.value).filter((v) => v !== '')
      : [...node.querySelectorAll('input:checked')].map((i) => i.value);
  const one = chosen[0] ?? null;
  const v = { type: e.type };
  switch (e.type) {
    case 'static_select':
    case 'radio_buttons':
      v.selected_option = one === null ? null : asOption(one);
      break;
    case 'multi_static_select':
    case 'checkboxes':
      v.selected_options = chosen.map(asOption);
      break;
    case 'users_select':
      v.selected_user = one;
      break;
    case 'multi_users_select':
      v.selected_users = chosen;
      break;
    case 'conversations_select':
      v.selected_conversation = one;
      break;
    case 'multi_conversations_select':
      v.selected_conversations = chosen;
      break;
    case 'channels_select':
      v.selected_channel = one;
      break;
    case 'multi_channels_select':
      v.selected_channels = chosen;
      break;
  }
  return v;
}

/** The block_actions `action` for a changed element: its type, ids and state. */
function actionOf(e, node) {
  const { type: _type, ...state } = stateOf(e, node);
  return { type: e.type, actionId: e.action_id, ...state };
}

/** Puts a state back into a control (a view updated by the app keeps what was entered). */
export function restore(node, v) {
  if (node.tagName === 'SELECT') {
    const wanted = new Set(
      [
        v.selected_option?.value,
        v.selected_user,
        v.selected_conversation,
        v.selected_channel,
        ...(v.selected_options || []).map((o) => o.value),
        ...(v.selected_users || []),
        ...(v.selected_conversations || []),
        ...(v.selected_channels || []),
      ].filter(Boolean),
    );
    for (const o of node.options) o.selected = wanted.has(o.value);
    return;
  }
  const wanted = new Set([v.selected_option?.value, ...(v.selected_options || []).map((o) => o.value)]);
  for (const i of node.querySelectorAll('input')) i.checked = wanted.has(i.value);
}

/** The overflow menu: "⋯", and a list of its options; picking one sends it (selected_option). */
export function overflow(e, onPick) {
  const menu = el('div', { class: 'overflow-menu', role: 'menu', hidden: true });
  const toggle = el(
    'button',
    {
      class: 'btn overflow',
      type: 'button',
      'aria-label': 'More actions',
      'aria-haspopup': 'menu',
      'data-action-id': e.action_id,
      onclick: () => {
        menu.hidden = !menu.hidden;
      },
    },
    '⋯',
  );
  menu.append(
    ...(e.options || []).map((o) =>
      el(
        'button',
        {
          type: 'button',
          role: 'menuitem',
          class: 'overflow-item',
          'data-value': o.value,
          onclick: () => {
            menu.hidden = true;
            onPick({ type: 'overflow', actionId: e.action_id, selected_option: option(o) });
          },
        },
        plainText(o.text),
      ),
    ),
  );
  return el('span', { class: 'overflow-wrap' }, toggle, menu);
}
