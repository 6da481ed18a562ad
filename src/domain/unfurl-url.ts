import { isResourceId } from './finding-id.js';

/**
 * Which console page a shared link is, strictly: the same scheme, host (and port), the path of
 * the pattern with one resource id in place of `{id}`, nothing else (no query, no fragment, no
 * extra segment). Anything else is not Warden's to preview. Pure.
 */
export type LinkTarget = { kind: 'finding' | 'campaign'; id: string };

export interface UnfurlPatterns {
  finding?: string | undefined;
  campaign?: string | undefined;
}

function matchOne(pattern: string, url: URL): string | undefined {
  const [before = '', after = ''] = pattern.split('{id}');
  const base = new URL(`${before}ID${after}`);
  if (url.protocol !== base.protocol || url.host.toLowerCase() !== base.host.toLowerCase()) return undefined;
  if (url.search || url.hash || url.username || url.password) return undefined;
  const [pre = '', post = ''] = base.pathname.split('ID');
  const path = url.pathname;
  if (!path.startsWith(pre) || !path.endsWith(post) || path.length <= pre.length + post.length)
    return undefined;
  let id: string;
  try {
    id = decodeURIComponent(path.slice(pre.length, path.length - post.length));
  } catch {
    return undefined;
  }
  return isResourceId(id) ? id : undefined;
}

export function linkTargetOf(raw: string, patterns: UnfurlPatterns): LinkTarget | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  for (const kind of ['finding', 'campaign'] as const) {
    const pattern = patterns[kind];
    const id = pattern ? matchOne(pattern, url) : undefined;
    if (id) return { kind, id };
  }
  return undefined;
}

/** The hosts the patterns name (the manifest's unfurl_domains must list them). */
export const unfurlHosts = (p: UnfurlPatterns): string[] =>
  [p.finding, p.campaign].flatMap((s) => (s ? [new URL(s.replace('{id}', 'ID')).host] : []));
