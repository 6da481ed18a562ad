import { isLiteralElement, type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/**
 * The pseudo-locale `en-XA`: English with every letter accented and each message in ⟦…⟧, so a test
 * that renders a surface in it sees at once any word that did not come through the catalogue (it
 * stays plain ASCII). Slack's own syntax is left alone, or the result would not be Slack's:
 * emoji codes such as `:warning:`, the part of `<…>` before its `|` (a link, a mention, `<!subteam^…>`).
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

const SLACK_SYNTAX = /(:[a-z0-9_+-]+:|<[^|>]*)/g;

const accent = (text: string): string =>
  text
    .split(SLACK_SYNTAX)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch)))
    .join('');

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (isLiteralElement(el)) return { ...el, value: accent(el.value) };
    if ('options' in el) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }]),
      );
      return { ...el, options } as MessageFormatElement;
    }
    return el;
  });
}

export function pseudoLocalize(message: string): string {
  return `⟦${printAST(walk(parse(message, { ignoreTag: true })))}⟧`;
}
