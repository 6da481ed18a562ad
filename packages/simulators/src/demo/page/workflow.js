// "Run a workflow step": one of Warden's Workflow Builder steps, run as a workflow run by the
// person on the page would run it (the local Slack delivers function_executed to Warden), and how
// Warden ended it. The steps and their inputs come from the app's manifest (GET /demo/workflow-steps).
import { el } from './dom.js';
import { $, post } from './state.js';

function inputFor(p) {
  const type = p.type === 'integer' ? 'number' : p.type === 'boolean' ? 'checkbox' : 'text';
  return el(
    'label',
    { class: 'wf-input' },
    `${p.title}${p.required ? ' *' : ''} `,
    el('input', {
      name: p.name,
      type,
      'data-type': p.type,
      placeholder: p.type.replace('slack#/types/', ''),
    }),
  );
}

function valuesOf(form) {
  const inputs = {};
  for (const input of form.querySelectorAll('input[name]')) {
    if (input.type === 'checkbox') inputs[input.name] = input.checked;
    else if (input.value === '') continue;
    else inputs[input.name] = input.dataset.type === 'integer' ? Number(input.value) : input.value;
  }
  return inputs;
}

function describe(answer) {
  if (!answer.ok) return `Not run: ${answer.error ?? 'unknown error'}`;
  if (answer.status === 'completed') return `Completed. Outputs: ${JSON.stringify(answer.outputs ?? {})}`;
  if (answer.status === 'failed') return `Failed: ${answer.error}`;
  return 'Still running: it waits for an approver (switch to carol and approve it in the thread).';
}

export async function openWorkflowPanel() {
  const box = $('workflow-panel');
  if (!box.hidden) {
    box.hidden = true;
    return;
  }
  const { steps = [] } = await (await fetch('/demo/workflow-steps')).json();
  const fields = el('div', { class: 'wf-fields' });
  const result = el('pre', { class: 'wf-result', 'aria-live': 'polite' });
  const select = el('select', { name: 'step' }, ...steps.map((s) => el('option', { value: s.id }, s.title)));
  const showFields = () => {
    const step = steps.find((s) => s.id === select.value);
    fields.replaceChildren(...(step?.inputs ?? []).map(inputFor));
  };
  select.addEventListener('change', showFields);
  const form = el(
    'form',
    {
      onsubmit: async (ev) => {
        ev.preventDefault();
        result.textContent = 'Running…';
        result.textContent = describe(
          await post('/demo/workflow-step', { step: select.value, inputs: valuesOf(form) }),
        );
      },
    },
    select,
    fields,
    el('button', { type: 'submit', class: 'btn' }, 'Run step'),
  );
  showFields();
  box.replaceChildren(form, result);
  box.hidden = false;
}
