import { BLOCK_KIT } from './limits.js';

/**
 * What the real Slack refuses with `invalid_blocks`, checked by the local Slack so a renderer
 * that breaks a limit fails the tests the way it would fail in production.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(v: unknown): string {
  return isObject(v) && typeof v.text === 'string' ? v.text : '';
}

function checkElement(el: unknown, where: string): string | undefined {
  if (!isObject(el)) return `${where}: not an object`;
  if (el.type === 'button') {
    if (textOf(el.text).length > BLOCK_KIT.buttonText)
      return `${where}: button text over ${BLOCK_KIT.buttonText}`;
    if (typeof el.value === 'string' && el.value.length > BLOCK_KIT.buttonValue)
      return `${where}: button value too long`;
    if (typeof el.action_id !== 'string' || el.action_id.length > 255) return `${where}: bad action_id`;
  }
  if (el.type === 'static_select' && Array.isArray(el.options) && el.options.length > 100)
    return `${where}: over 100 options`;
  return undefined;
}

export function checkBlocks(blocks: unknown, max: number = BLOCK_KIT.blocksPerMessage): string | undefined {
  if (blocks === undefined) return undefined;
  if (!Array.isArray(blocks)) return 'blocks must be an array';
  if (blocks.length > max) return `more than ${max} blocks`;
  for (const [i, b] of blocks.entries()) {
    const where = `blocks[${i}]`;
    if (!isObject(b) || typeof b.type !== 'string') return `${where}: no type`;
    if (b.type === 'header' && textOf(b.text).length > BLOCK_KIT.headerText)
      return `${where}: header over 150`;
    if (b.type === 'section') {
      if (textOf(b.text).length > BLOCK_KIT.sectionText) return `${where}: section text over 3000`;
      if (b.text === undefined && b.fields === undefined) return `${where}: section needs text or fields`;
      if (Array.isArray(b.fields)) {
        if (b.fields.length > BLOCK_KIT.sectionFields) return `${where}: more than 10 fields`;
        if (b.fields.some((f) => textOf(f).length > BLOCK_KIT.sectionFieldText))
          return `${where}: field over 2000`;
      }
      if (b.accessory !== undefined) {
        const bad = checkElement(b.accessory, `${where}.accessory`);
        if (bad) return bad;
      }
    }
    if (b.type === 'context') {
      if (!Array.isArray(b.elements) || b.elements.length > BLOCK_KIT.contextElements)
        return `${where}: bad context`;
      if (b.elements.some((e) => textOf(e).length > BLOCK_KIT.sectionText))
        return `${where}: context text over 3000`;
    }
    if (b.type === 'actions') {
      if (!Array.isArray(b.elements) || b.elements.length > BLOCK_KIT.actionElements)
        return `${where}: bad actions`;
      for (const [j, el] of b.elements.entries()) {
        const bad = checkElement(el, `${where}.elements[${j}]`);
        if (bad) return bad;
      }
    }
    if (typeof b.block_id === 'string' && b.block_id.length > 255) return `${where}: block_id too long`;
  }
  return undefined;
}

export function checkView(view: unknown): string | undefined {
  if (!isObject(view)) return 'view must be an object';
  if (view.type !== 'modal') return 'only modals are supported';
  if (textOf(view.title).length > BLOCK_KIT.viewTitle) return 'title over 24';
  if (view.submit !== undefined && textOf(view.submit).length > BLOCK_KIT.viewTitle) return 'submit over 24';
  if (typeof view.private_metadata === 'string' && view.private_metadata.length > BLOCK_KIT.privateMetadata) {
    return 'private_metadata over 3000';
  }
  return checkBlocks(view.blocks, BLOCK_KIT.blocksPerView);
}
