// DOM helpers for the demo page. Every piece of data becomes a text node or an attribute value,
// never markup: nothing a tenant or a person wrote is ever parsed as HTML.

/** An element with attributes (`on…` are listeners) and children (nodes, or strings as text). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const c of children.flat(Infinity))
    if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

/** Keys a rendered node by the JSON it was built from, so an unchanged part is never rebuilt. */
const built = new WeakMap();
export const builtFrom = (node) => built.get(node);
export function remember(node, json) {
  built.set(node, json);
  return node;
}
