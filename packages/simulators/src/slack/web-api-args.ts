import { isObject } from './workspace.js';

/** The Web API client sends form bodies with JSON-encoded nested values; JSON bodies also work. */
export function parseArgs(contentType: string, raw: string): Record<string, unknown> {
  if (contentType.startsWith('application/json')) {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return isObject(parsed) ? parsed : {};
  }
  const args: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    if (/^[[{]/.test(v)) {
      try {
        args[k] = JSON.parse(v);
        continue;
      } catch {
        // plain text that starts with a bracket
      }
    }
    args[k] = v;
  }
  return args;
}
