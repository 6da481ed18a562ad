// Block Kit to DOM, the blocks Warden sends: header, section (text, fields, accessory), context,
// divider, actions (buttons with Slack's confirm dialog, menus, checkboxes: elements.js), image,
// and input blocks in modals.
// A surface is updated block by block: a block whose JSON did not change keeps its node, so a
// button under the pointer or selected text is never replaced by an update elsewhere.

import { builtFrom, el, remember } from './dom.js';
import { isStateful, overflow, stateful } from './elements.js';
import { plainText, textObject } from './mrkdwn.js';

/** Slack's confirmation dialog before a button acts (the `confirm` object). */
export function confirmDialog(c, ctx) {
  return new Promise((resolve) => {
    const root = document.getElementById('confirm-root');
    const done = (ok) => {
      root.replaceChildren();
      document.removeEventListener('keydown', onKey, true);
      resolve(ok);
    };
    const onKey = (ev) => {
      if (ev.key === 'Escape') {
        ev.stopPropagation();
        done(false);
      }
    };
    document.addEventListener('keydown', onKey, true);
    root.replaceChildren(
      el(
        'div',
        { class: 'overlay confirm' },
        el(
          'div',
          { class: 'modal', role: 'alertdialog', 'aria-modal': 'true' },
          el('div', { class: 'modal-title' }, c.title ? plainText(c.title) : 'Are you sure?'),
          el('div', { class: 'modal-body' }, textObject(c.text, ctx)),
          el(
            'div',
            { class: 'modal-foot' },
            el(
              'button',
              { class: 'btn', type: 'button', onclick: () => done(false) },
              c.deny ? plainText(c.deny) : 'Cancel',
            ),
            el(
              'button',
              {
                class: `btn ${c.style === 'danger' ? 'danger' : 'primary'}`,
                type: 'button',
                onclick: () => done(true),
              },
              c.confirm ? plainText(c.confirm) : 'Yes',
            ),
          ),
        ),
      ),
    );
  });
}

function button(b, block, ctx) {
  return el(
    'button',
    {
      class: `btn${b.style ? ` ${b.style}` : ''}`,
      type: 'button',
      'data-action-id': b.action_id,
      // Slack reads a button's accessibility_label to screen readers instead of its text.
      ...(b.accessibility_label ? { 'aria-label': b.accessibility_label } : {}),
      onclick: async () => {
        if (b.url) window.open(b.url, '_blank', 'noopener');
        if (b.confirm && !(await confirmDialog(b.confirm, ctx))) return;
        await ctx.act({ type: 'button', actionId: b.action_id, value: b.value, blockId: block.block_id });
      },
    },
    b.text ? plainText(b.text) : 'button',
  );
}

function element(e, block, ctx) {
  if (!e) return null;
  if (e.type === 'button') return button(e, block, ctx);
  if (e.type === 'image') return el('img', { src: e.image_url, alt: e.alt_text, class: 'accessory-image' });
  // As in Slack, choosing in a menu or ticking a box outside an input block is sent at once.
  const send = async (a) => {
    if (e.confirm && !(await confirmDialog(e.confirm, ctx))) return;
    await ctx.act({ ...a, blockId: block.block_id });
  };
  if (e.type === 'overflow') return overflow(e, send);
  if (isStateful(e.type))
    return stateful(
      e,
      {
        class: 'element',
        'data-block': block.block_id,
        'data-action': e.action_id,
        name: `${block.block_id}.${e.action_id}`,
      },
      ctx,
      send,
    );
  return el('span', { class: 'unsupported' }, `[${e.type}]`);
}

function section(b, ctx) {
  const body = el('div', { class: 'text' }, b.text ? textObject(b.text, ctx) : null);
  if (b.fields)
    body.append(
      el(
        'div',
        { class: 'fields' },
        b.fields.map((f) => el('div', { class: 'field' }, textObject(f, ctx))),
      ),
    );
  return el('div', { class: 'block section' }, body, b.accessory ? element(b.accessory, b, ctx) : null);
}

export function renderBlock(b, ctx) {
  switch (b.type) {
    case 'header':
      return el('div', { class: 'block header' }, plainText(b.text));
    case 'divider':
      return el('hr', { class: 'block divider' });
    case 'section':
      return section(b, ctx);
    case 'context':
      return el(
        'div',
        { class: 'block context' },
        (b.elements || []).map((x) =>
          x.type === 'image'
            ? el('img', { src: x.image_url, alt: x.alt_text, class: 'context-image' })
            : el('span', { class: 'context-item' }, textObject(x, ctx)),
        ),
      );
    case 'actions':
      return el(
        'div',
        { class: 'block actions' },
        (b.elements || []).map((x) => element(x, b, ctx)),
      );
    case 'image':
      return el('img', { class: 'block image', src: b.image_url, alt: b.alt_text });
    case 'input':
      return ctx.input ? ctx.input(b) : null;
    case 'text':
      // A message without blocks: its text, as Slack shows it.
      return el('div', { class: 'block section' }, el('div', { class: 'text' }, textObject(b.text, ctx)));
    default:
      return el('div', { class: 'block unsupported' }, `[${b.type} block]`);
  }
}

/** Makes `container`'s children show `blocks`, rebuilding only the blocks that changed. */
export function reconcileBlocks(container, blocks, ctx) {
  const wanted = blocks.map((b) => JSON.stringify(b));
  const existing = [...container.children];
  wanted.forEach((json, i) => {
    const current = existing[i];
    if (current && builtFrom(current) === json) return;
    const next = remember(renderBlock(blocks[i], ctx) ?? el('div'), json);
    if (current) current.replaceWith(next);
    else container.append(next);
  });
  for (const extra of existing.slice(wanted.length)) extra.remove();
}
