import { BLOCK_KIT } from './limits.js';

/**
 * What the real Slack refuses with `invalid_blocks`, checked by the local Slack so a renderer
 * that breaks a limit fails the tests the way it would fail in production: every length in the
 * limits table, wherever the field is in the payload, and mrkdwn text whose `<…>` sequences are
 * malformed or unclosed (Slack's "Formatting text for app surfaces": `<` opens a mention, a
 * special mention, a date or a link, and must be closed by `>`; a literal `<` is `&lt;`).
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(v: unknown): string {
  return isObject(v) && typeof v.text === 'string' ? v.text : '';
}

/** The control sequences mrkdwn knows (docs.slack.dev: formatting text for app surfaces). */
const SEQUENCE = [
  /^@[UW][A-Z0-9]+(\|[^<>]*)?$/,
  /^#[CG][A-Z0-9]+(\|[^<>]*)?$/,
  /^!(here|channel|everyone)(\|[^<>]*)?$/,
  /^!subteam\^S[A-Z0-9]+(\|[^<>]*)?$/,
  /^!date\^\d+\^[^<>|]*(\^[^<>|]+)?\|[^<>]*$/,
  /^(https?:\/\/|mailto:)[^<>|\s]+(\|[^<>]*)?$/,
];

/** Why a mrkdwn string is malformed, if it is: every `<` opens a known sequence closed by `>`. */
export function checkMrkdwn(text: string): string | undefined {
  let at = text.indexOf('<');
  while (at !== -1) {
    const close = text.indexOf('>', at + 1);
    const nextOpen = text.indexOf('<', at + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close))
      return `unclosed "<" at ${at}: ${JSON.stringify(text.slice(at, at + 30))}`;
    const inner = text.slice(at + 1, close);
    if (!SEQUENCE.some((re) => re.test(inner)))
      return `malformed "<${inner.slice(0, 40)}>" (a literal < must be &lt;)`;
    at = nextOpen;
  }
  return undefined;
}

function over(where: string, what: string, value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length > max ? `${where}: ${what} over ${max}` : undefined;
}

/** A composition object or element anywhere: its own limits, then its children. */
function checkNode(node: unknown, where: string): string | undefined {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const bad = checkNode(child, `${where}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (node.type === 'mrkdwn' && typeof node.text === 'string') {
    const bad = checkMrkdwn(node.text);
    if (bad) return `${where}: ${bad}`;
  }
  const bad =
    over(where, 'action_id', node.action_id, BLOCK_KIT.idLength) ??
    over(where, 'block_id', node.block_id, BLOCK_KIT.idLength) ??
    (node.type === 'button'
      ? (over(where, 'button text', textOf(node.text), BLOCK_KIT.buttonText) ??
        over(where, 'button value', node.value, BLOCK_KIT.buttonValue) ??
        over(where, 'button url', node.url, BLOCK_KIT.buttonUrl) ??
        over(
          where,
          'button accessibility_label',
          node.accessibility_label,
          BLOCK_KIT.buttonAccessibilityLabel,
        ))
      : undefined) ??
    (Array.isArray(node.options) && node.options.length > BLOCK_KIT.selectOptions
      ? `${where}: over ${BLOCK_KIT.selectOptions} options`
      : undefined) ??
    (node.type === 'checkboxes' &&
    Array.isArray(node.options) &&
    node.options.length > BLOCK_KIT.checkboxOptions
      ? `${where}: over ${BLOCK_KIT.checkboxOptions} checkboxes`
      : undefined) ??
    (isObject(node.confirm)
      ? (over(where, 'confirm title', textOf(node.confirm.title), BLOCK_KIT.confirmTitle) ??
        over(where, 'confirm text', textOf(node.confirm.text), BLOCK_KIT.confirmText) ??
        over(where, 'confirm button', textOf(node.confirm.confirm), BLOCK_KIT.confirmButton) ??
        over(where, 'deny button', textOf(node.confirm.deny), BLOCK_KIT.confirmButton))
      : undefined) ??
    (node.type === 'input'
      ? (over(where, 'label', textOf(node.label), BLOCK_KIT.inputLabel) ??
        over(where, 'hint', textOf(node.hint), BLOCK_KIT.inputLabel))
      : undefined) ??
    over(where, 'placeholder', textOf(node.placeholder), BLOCK_KIT.placeholder);
  if (bad) return bad;
  if (Array.isArray(node.options)) {
    for (const [i, o] of node.options.entries())
      if (textOf(isObject(o) ? o.text : undefined).length > BLOCK_KIT.optionText)
        return `${where}.options[${i}]: option text over ${BLOCK_KIT.optionText}`;
      else if (textOf(isObject(o) ? o.description : undefined).length > BLOCK_KIT.optionDescription)
        return `${where}.options[${i}]: option description over ${BLOCK_KIT.optionDescription}`;
  }
  for (const [key, child] of Object.entries(node)) {
    if (typeof child !== 'object' || child === null) continue;
    const inner = checkNode(child, `${where}.${key}`);
    if (inner) return inner;
  }
  return undefined;
}

function checkBlock(b: Record<string, unknown>, where: string): string | undefined {
  if (b.type === 'header' && textOf(b.text).length > BLOCK_KIT.headerText)
    return `${where}: header over ${BLOCK_KIT.headerText}`;
  if (b.type === 'section') {
    if (textOf(b.text).length > BLOCK_KIT.sectionText) return `${where}: section text over 3000`;
    if (b.text === undefined && b.fields === undefined) return `${where}: section needs text or fields`;
    if (Array.isArray(b.fields)) {
      if (b.fields.length > BLOCK_KIT.sectionFields) return `${where}: more than 10 fields`;
      if (b.fields.some((f) => textOf(f).length > BLOCK_KIT.sectionFieldText))
        return `${where}: field over 2000`;
    }
  }
  if (b.type === 'context') {
    if (!Array.isArray(b.elements) || b.elements.length > BLOCK_KIT.contextElements)
      return `${where}: bad context`;
    if (b.elements.some((e) => textOf(e).length > BLOCK_KIT.sectionText))
      return `${where}: context text over 3000`;
  }
  if (b.type === 'actions' && (!Array.isArray(b.elements) || b.elements.length > BLOCK_KIT.actionElements))
    return `${where}: bad actions`;
  return checkNode(b, where);
}

export function checkBlocks(blocks: unknown, max: number = BLOCK_KIT.blocksPerMessage): string | undefined {
  if (blocks === undefined) return undefined;
  if (!Array.isArray(blocks)) return 'blocks must be an array';
  if (blocks.length > max) return `more than ${max} blocks`;
  for (const [i, b] of blocks.entries()) {
    if (!isObject(b) || typeof b.type !== 'string') return `blocks[${i}]: no type`;
    const bad = checkBlock(b, `blocks[${i}]`);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * A message's top-level `text` (mrkdwn unless `mrkdwn: false`) and its blocks: the reason Slack
 * refuses it (`msg_too_long` for the text, `invalid_blocks` for the rest), if it does.
 */
export function checkMessage(args: Record<string, unknown>): { error: string; detail: string } | undefined {
  const text = typeof args.text === 'string' ? args.text : '';
  if (text.length > BLOCK_KIT.messageText)
    return { error: 'msg_too_long', detail: `text over ${BLOCK_KIT.messageText}` };
  const badText = args.mrkdwn === false ? undefined : checkMrkdwn(text);
  if (badText) return { error: 'invalid_blocks', detail: `text: ${badText}` };
  const bad = checkBlocks(args.blocks);
  return bad ? { error: 'invalid_blocks', detail: bad } : undefined;
}

export function checkView(view: unknown): string | undefined {
  if (!isObject(view)) return 'view must be an object';
  if (view.type !== 'modal') return 'only modals are supported';
  if (textOf(view.title).length > BLOCK_KIT.viewTitle) return 'title over 24';
  if (view.submit !== undefined && textOf(view.submit).length > BLOCK_KIT.viewTitle) return 'submit over 24';
  if (view.close !== undefined && textOf(view.close).length > BLOCK_KIT.viewTitle) return 'close over 24';
  if (typeof view.private_metadata === 'string' && view.private_metadata.length > BLOCK_KIT.privateMetadata) {
    return 'private_metadata over 3000';
  }
  const badId = over('view', 'callback_id', view.callback_id, BLOCK_KIT.idLength);
  if (badId) return badId;
  return checkBlocks(view.blocks, BLOCK_KIT.blocksPerView);
}
