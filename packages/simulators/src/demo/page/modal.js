// Modals as Slack shows them: the top view of the person's stack; field errors from
// `response_action: errors` shown under their fields while everything typed stays; a view
// updated by the app (views.update, `response_action: update`) keeps what was typed in inputs
// whose block_id and action_id it still has, as Slack documents.

import { reconcileBlocks } from './blocks.js';
import { el } from './dom.js';
import { plainText } from './mrkdwn.js';

function control(b, name) {
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
    case 'static_select':
      return el(
        'select',
        data,
        el('option', { value: '' }, e.placeholder ? plainText(e.placeholder) : 'Select an item'),
        (e.options || []).map((o) =>
          el('option', { value: o.value, selected: e.initial_option?.value === o.value }, plainText(o.text)),
        ),
      );
    case 'radio_buttons':
    case 'checkboxes': {
      const kind = e.type === 'radio_buttons' ? 'radio' : 'checkbox';
      const initial = new Set([e.initial_option?.value, ...(e.initial_options || []).map((o) => o.value)]);
      return el(
        'div',
        { ...data, 'data-kind': kind, role: 'group' },
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
    default:
      return el('div', { class: 'unsupported' }, `[${e.type} input]`);
  }
}

export function inputBlock(b) {
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
    control(b, `${id}.${b.element?.action_id}`),
    b.hint ? el('div', { class: 'hint' }, plainText(b.hint)) : null,
    el('div', { class: 'field-error', role: 'alert', hidden: true }),
  );
}

/** What the person has entered, by `block_id/action_id`, as Slack's view.state.values. */
function readValues(root, view) {
  const values = {};
  for (const b of view.blocks || []) {
    if (b.type !== 'input') continue;
    const e = b.element || {};
    const box = root.querySelector(`[data-block-id="${CSS.escape(b.block_id)}"]`);
    if (!box) continue;
    const v = { type: e.type };
    if (e.type === 'plain_text_input') v.value = box.querySelector('input, textarea')?.value || null;
    else if (e.type === 'datepicker') v.selected_date = box.querySelector('input')?.value || null;
    else if (e.type === 'timepicker') v.selected_time = box.querySelector('input')?.value || null;
    else if (e.type === 'static_select') {
      const select = box.querySelector('select');
      const chosen = select?.selectedOptions[0];
      v.selected_option = select?.value
        ? { text: { type: 'plain_text', text: chosen?.textContent ?? '' }, value: select.value }
        : null;
    } else if (e.type === 'radio_buttons') {
      const c = box.querySelector('input:checked');
      v.selected_option = c ? { value: c.value } : null;
    } else if (e.type === 'checkboxes')
      v.selected_options = [...box.querySelectorAll('input:checked')].map((c) => ({ value: c.value }));
    values[b.block_id] = { [e.action_id]: v };
  }
  return values;
}

/** Copies what was entered into the controls of a re-rendered view with the same ids. */
function carryOver(root, before) {
  for (const [blockId, byAction] of Object.entries(before)) {
    for (const [actionId, v] of Object.entries(byAction)) {
      const box = root.querySelector(`[data-block-id="${CSS.escape(blockId)}"]`);
      const c = box?.querySelector(`[data-action="${CSS.escape(actionId)}"]`);
      if (!c) continue;
      if ('value' in v) c.value = v.value ?? '';
      else if ('selected_date' in v) c.value = v.selected_date ?? '';
      else if ('selected_time' in v) c.value = v.selected_time ?? '';
      else if ('selected_option' in v && c.tagName === 'SELECT') c.value = v.selected_option?.value ?? '';
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
    reconcileBlocks(body, v.blocks || [], { ...this.ctx.blocks, input: inputBlock, act: () => {} });
    this.root.replaceChildren(el('div', { class: 'overlay' }, form));
    this.shown = { id: open.id, hash: open.hash, form, view: v };
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
