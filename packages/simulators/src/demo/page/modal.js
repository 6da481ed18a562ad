// Modals as Slack shows them: the top view of the person's stack; field errors from
// `response_action: errors` shown under their fields while everything typed stays; a view
// updated by the app (views.update, `response_action: update`) keeps what was typed in inputs
// whose block_id and action_id it still has, as Slack documents.

import { reconcileBlocks } from './blocks.js';
import { el } from './dom.js';
import { isStateful, restore, stateful, stateOf } from './elements.js';
import { plainText } from './mrkdwn.js';

function control(b, name, ctx) {
  const e = b.element || {};
  const data = {
    name,
    'data-block': b.block_id,
    'data-action': e.action_id,
    'aria-label': plainText(b.label),
  };
  switch (e.type) {
    case 'plain_text_input':
      return e.multiline
        ? el(
            'textarea',
            { ...data, maxlength: e.max_length, placeholder: plainText(e.placeholder) },
            e.initial_value || '',
          )
        : el('input', {
            ...data,
            type: 'text',
            maxlength: e.max_length,
            value: e.initial_value || '',
            placeholder: plainText(e.placeholder),
          });
    case 'datepicker':
      return el('input', { ...data, type: 'date', value: e.initial_date || '' });
    case 'timepicker':
      return el('input', { ...data, type: 'time', value: e.initial_time || '' });
    default:
      if (isStateful(e.type)) return stateful(e, data, ctx);
      return el('div', { class: 'unsupported' }, `[${e.type} input]`);
  }
}

export function inputBlock(b, ctx) {
  const id = b.block_id;
  return el(
    'div',
    { class: 'input-block', 'data-block-id': id },
    el(
      'label',
      { class: 'lbl' },
      plainText(b.label),
      b.optional ? el('span', { class: 'optional' }, ' (optional)') : null,
    ),
    control(b, `${id}.${b.element?.action_id}`, ctx),
    b.hint ? el('div', { class: 'hint' }, plainText(b.hint)) : null,
    el('div', { class: 'field-error', role: 'alert', hidden: true }),
  );
}

/** The elements of a view that hold state, with their blocks (inputs, and menus or boxes elsewhere). */
function statefulElements(view) {
  const out = [];
  for (const b of view.blocks || []) {
    const elements =
      b.type === 'input' ? [b.element] : b.type === 'actions' ? b.elements || [] : [b.accessory];
    for (const e of elements)
      if (e && b.block_id && (isStateful(e.type) || TEXTUAL.has(e.type))) out.push({ b, e });
  }
  return out;
}

const TEXTUAL = new Set(['plain_text_input', 'datepicker', 'timepicker']);

const controlOf = (root, blockId, actionId) =>
  root.querySelector(`[data-block="${CSS.escape(blockId)}"][data-action="${CSS.escape(actionId)}"]`);

/** What the person has entered, by `block_id/action_id`, as Slack's view.state.values. */
function readValues(root, view) {
  const values = {};
  for (const { b, e } of statefulElements(view)) {
    const c = controlOf(root, b.block_id, e.action_id);
    if (!c) continue;
    let v = { type: e.type };
    if (e.type === 'plain_text_input') v.value = c.value || null;
    else if (e.type === 'datepicker') v.selected_date = c.value || null;
    else if (e.type === 'timepicker') v.selected_time = c.value || null;
    else v = stateOf(e, c);
    values[b.block_id] = { ...values[b.block_id], [e.action_id]: v };
  }
  return values;
}

/** Copies what was entered into the controls of a re-rendered view with the same ids. */
function carryOver(root, before) {
  for (const [blockId, byAction] of Object.entries(before)) {
    for (const [actionId, v] of Object.entries(byAction)) {
      const c = controlOf(root, blockId, actionId);
      if (!c) continue;
      if ('value' in v) c.value = v.value ?? '';
      else if ('selected_date' in v) c.value = v.selected_date ?? '';
      else if ('selected_time' in v) c.value = v.selected_time ?? '';
      else restore(c, v);
    }
  }
}

/** The modal layer: shows the top open view of the person's stack. */
export class ModalHost {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.shown = null; // { id, hash, form, view }
    document.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' && this.shown && !document.querySelector('#confirm-root .overlay'))
        this.close();
    });
  }

  /** `views`: the person's open views, oldest first. */
  sync(views) {
    const top = views[views.length - 1];
    if (!top) {
      this.shown = null;
      this.root.replaceChildren();
      return;
    }
    if (this.shown?.id === top.id && this.shown.hash === top.hash) return;
    const before = this.shown?.id === top.id ? readValues(this.shown.form, this.shown.view) : {};
    this.render(top);
    carryOver(this.shown.form, before);
  }

  render(open) {
    const v = open.view;
    const body = el('div', { class: 'modal-body' });
    const general = el('div', { class: 'modal-error', role: 'alert', hidden: true });
    const submitButton = v.submit
      ? el('button', { class: 'btn primary', type: 'submit' }, plainText(v.submit))
      : null;
    const form = el(
      'form',
      {
        class: 'modal',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': plainText(v.title) || 'Modal',
        'data-view-id': open.id,
        novalidate: true,
        onsubmit: (ev) => {
          ev.preventDefault();
          this.submit(open, form, submitButton);
        },
      },
      el(
        'div',
        { class: 'modal-title' },
        el('span', {}, plainText(v.title)),
        el(
          'button',
          { class: 'modal-x', type: 'button', 'aria-label': 'Close', onclick: () => this.close() },
          '×',
        ),
      ),
      general,
      body,
      el(
        'div',
        { class: 'modal-foot' },
        el(
          'button',
          { class: 'btn', type: 'button', onclick: () => this.close() },
          v.close ? plainText(v.close) : 'Cancel',
        ),
        submitButton,
      ),
    );
    // A button, a menu or a box in the modal: block_actions with the view and what it holds.
    const ctx = Object.assign(Object.create(this.ctx.blocks), {
      input: (b) => inputBlock(b, ctx),
      act: (a) => this.act(open, form, a),
    });
    reconcileBlocks(body, v.blocks || [], ctx);
    this.root.replaceChildren(el('div', { class: 'overlay' }, form));
    this.shown = { id: open.id, hash: open.hash, form, view: v };
  }

  async act(open, form, action) {
    const answer = await this.ctx.post('/demo/view-action', {
      viewId: open.id,
      action,
      values: readValues(form, open.view),
    });
    this.showErrors(form, {}, answer?.error ? `That click was not delivered: ${answer.error}.` : '');
  }

  async submit(open, form, submitButton) {
    if (submitButton) submitButton.disabled = true;
    try {
      const answer = await this.ctx.post('/demo/submit', {
        viewId: open.id,
        values: readValues(form, open.view),
      });
      this.showErrors(form, answer?.response_action === 'errors' ? answer.errors || {} : {}, answer?.error);
    } finally {
      if (submitButton) submitButton.disabled = false;
    }
  }

  /** Field errors in place: the controls, and what was typed in them, are left alone. */
  showErrors(form, errors, general) {
    for (const box of form.querySelectorAll('.input-block')) {
      const message = errors[box.dataset.blockId];
      const slot = box.querySelector('.field-error');
      slot.hidden = !message;
      slot.textContent = message || '';
      box.classList.toggle('has-error', Boolean(message));
    }
    const unplaced = Object.entries(errors).filter(
      ([id]) => !form.querySelector(`[data-block-id="${CSS.escape(id)}"]`),
    );
    const top = form.querySelector('.modal-error');
    const text = [general, ...unplaced.map(([, m]) => m)].filter(Boolean).join(' ');
    top.hidden = !text;
    top.textContent = text;
  }

  close() {
    if (!this.shown) return;
    const id = this.shown.id;
    this.shown = null;
    this.root.replaceChildren();
    this.ctx.post('/demo/close', { viewId: id });
  }
}
