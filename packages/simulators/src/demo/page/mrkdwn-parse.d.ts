/** Types of mrkdwn-parse.js (plain browser JavaScript), for its tests. */
export type MrkdwnNode =
  | { t: 'text'; s: string }
  | { t: 'b' | 'i' | 's' | 'quote'; c: MrkdwnNode[] }
  | { t: 'code' | 'pre'; s: string }
  | { t: 'br' }
  | { t: 'emoji'; name: string; ch: string }
  | { t: 'link'; url: string; label: string }
  | { t: 'user' | 'channel' | 'group'; id: string; label: string }
  | { t: 'broadcast'; name: string }
  | { t: 'date'; seconds: string; format: string; link: string; fallback: string };

export function decode(s: string): string;
export function parseInline(s: string): MrkdwnNode[];
export function parseMrkdwn(text: string | null | undefined): MrkdwnNode[];
