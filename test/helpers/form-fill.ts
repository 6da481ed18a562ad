/**
 * Filling a modal as a person does: by the labels they read, not by block ids. Builds the
 * `view.state.values` Slack would send for the answers given, from the view Warden opened, so a
 * test breaks when a label, an option or an input type changes the way a person would notice.
 */

/** An answer: text for inputs, pickers and selects (option text or value), true to tick every box. */
export type Answer = string | boolean | string[];

interface Element {
  type?: string;
  action_id?: string;
  options?: { text?: { text?: string }; value?: string }[];
}

interface InputBlock {
  type?: string;
  block_id?: string;
  label?: { text?: string };
  element?: Element;
}

function inputs(view: Record<string, unknown>): InputBlock[] {
  const blocks = Array.isArray(view.blocks) ? (view.blocks as InputBlock[]) : [];
  return blocks.filter((b) => b.type === 'input');
}

/** The labels of a view's inputs, in order. */
export function labelsOf(view: Record<string, unknown>): string[] {
  return inputs(view).map((b) => b.label?.text ?? '');
}

function option(el: Element, label: string, answer: string) {
  const found = el.options?.find((o) => o.text?.text === answer || o.value === answer);
  if (!found) {
    const offered = (el.options ?? []).map((o) => o.text?.text).join(', ');
    throw new Error(`"${label}" has no option "${answer}" (offered: ${offered})`);
  }
  return { text: found.text, value: found.value };
}

function stateOf(el: Element, label: string, answer: Answer): Record<string, unknown> {
  const type = el.type ?? '';
  switch (type) {
    case 'plain_text_input':
      return { type, value: String(answer) };
    case 'datepicker':
      return { type, selected_date: String(answer) };
    case 'timepicker':
      return { type, selected_time: String(answer) };
    case 'static_select':
      return { type, selected_option: option(el, label, String(answer)) };
    case 'users_select':
      return { type, selected_user: String(answer) };
    case 'checkboxes': {
      const picked =
        answer === true
          ? (el.options ?? []).map((o) => ({ text: o.text, value: o.value }))
          : answer === false
            ? []
            : (Array.isArray(answer) ? answer : [answer]).map((a) => option(el, label, a));
      return { type, selected_options: picked };
    }
    default:
      throw new Error(`"${label}" is a ${type} input the form driver cannot fill`);
  }
}

/**
 * The state values for `answers` keyed by label. Unanswered inputs keep what the form
 * pre-filled (an initial option, date or time), as Slack sends them.
 */
export function fillByLabel(
  view: Record<string, unknown>,
  answers: Record<string, Answer>,
): Record<string, Record<string, unknown>> {
  const values: Record<string, Record<string, unknown>> = {};
  const known = new Set<string>();
  for (const block of inputs(view)) {
    const label = block.label?.text ?? '';
    const el = block.element ?? {};
    const blockId = block.block_id ?? '';
    const actionId = el.action_id ?? '';
    known.add(label);
    const answer = answers[label];
    if (answer !== undefined) {
      values[blockId] = { [actionId]: stateOf(el, label, answer) };
      continue;
    }
    const initial = el as Element & {
      initial_option?: unknown;
      initial_date?: string;
      initial_time?: string;
      initial_value?: string;
    };
    if (initial.initial_value !== undefined)
      values[blockId] = { [actionId]: { type: el.type, value: initial.initial_value } };
    else if (initial.initial_option)
      values[blockId] = { [actionId]: { type: el.type, selected_option: initial.initial_option } };
    else if (initial.initial_date)
      values[blockId] = { [actionId]: { type: el.type, selected_date: initial.initial_date } };
    else if (initial.initial_time)
      values[blockId] = { [actionId]: { type: el.type, selected_time: initial.initial_time } };
    else values[blockId] = { [actionId]: { type: el.type } };
  }
  for (const label of Object.keys(answers)) {
    if (!known.has(label))
      throw new Error(`the form has no field "${label}" (fields: ${[...known].join(', ')})`);
  }
  return values;
}
