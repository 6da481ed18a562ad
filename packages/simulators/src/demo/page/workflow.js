// "Run a workflow step": one of Warden's Workflow Builder steps, run as a workflow run by the
// person on the page would run it (the local Slack delivers function_executed to Warden), and how
// Warden ended it. The steps and their inputs come from the app's manifest (GET /demo/workflow-steps).
import { el } from './dom.js';
import { $, post, reader, S } from './state.js';
import { fullDateTime } from './time.js';

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

/** An output's value as Workflow Builder shows it to people: a date in the reader's zone, a person by name. */
function shownValue(o) {
  if (o.type === 'timestamp' && typeof o.value === 'number') return fullDateTime(o.value * 1000, S.tz);
  if (o.type === 'slack#/types/user_id') return reader.personName(o.value) ?? String(o.value);
  return String(o.value);
}

/** A run's outputs as a small table: each output's title and value. */
function outputsTable(shown) {
  return el(
    'table',
    { class: 'wf-outputs' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Output'), el('th', { scope: 'col' }, 'Value'))),
    el(
      'tbody',
      {},
      ...shown.map((o) =>
        el('tr', { 'data-output': o.name }, el('th', { scope: 'row' }, o.title), el('td', {}, shownValue(o))),
      ),
    ),
  );
}

function describe(answer) {
  if (!answer.ok) return [`Not run: ${answer.error ?? 'unknown error'}`];
  if (answer.status === 'completed') return ['Completed.', outputsTable(answer.shown ?? [])];
  if (answer.status === 'failed') return [`Failed: ${answer.error}`];
  return ['Still running: it waits for an approver (switch to bob or carol and approve it in the thread).'];
}

/** How often, and how long, the panel asks after a run still waiting for an approver. */
const POLL_MS = 1_000;
const POLL_FOR_MS = 15 * 60_000;

/** Shows how the run stands, and keeps asking while it runs: a held step ends when approved. */
async function follow(result, answer) {
  result.replaceChildren(...describe(answer));
  const until = Date.now() + POLL_FOR_MS;
  let now = answer;
  while (now.ok && now.status === 'running' && Date.now() < until && result.isConnected) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    now = await post('/demo/workflow-run', { execution: answer.execution });
    if (now.status !== 'running') result.replaceChildren(...describe(now));
  }
}

export async function openWorkflowPanel() {
  const box = $('workflow-panel');
  if (!box.hidden) {
    box.hidden = true;
    return;
  }
  const { steps = [] } = await (await fetch('/demo/workflow-steps')).json();
  const fields = el('div', { class: 'wf-fields' });
  const result = el('div', { class: 'wf-result', 'aria-live': 'polite' });
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
        await follow(
          result,
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
