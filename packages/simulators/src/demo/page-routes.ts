import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { streamChanges } from '../slack/event-stream.js';
import type { LocalSlack } from '../slack/server.js';
import { type IntakeTarget, postFlood } from './flood.js';
import {
  type Answer,
  ClickSchema,
  CloseSchema,
  CommandSchema,
  click,
  close,
  command,
  type PageContext,
  SubmitSchema,
  submit,
} from './page-actions.js';
import { HomeClickSchema, HomeOpenedSchema, homeClick, homeOpened } from './page-home.js';
import { PasteLinkSchema, pasteLink, UnfurlClickSchema, unfurlClick } from './page-links.js';
import { ShortcutSchema, shortcut } from './page-shortcuts.js';
import { changeFor, dmOf, isSwitchable, snapshotFor } from './page-view.js';
import { ViewActionSchema, viewAction } from './page-view-actions.js';
import {
  runWorkflowStep,
  stepsOffered,
  WorkflowRunSchema,
  WorkflowStepSchema,
  workflowRun,
} from './page-workflow.js';
import { appRedirect, consentPage } from './page-workspaces.js';

/**
 * The demo page's routes on the local Slack: its files; the event stream of what the person sees
 * (a snapshot, then each change, pushed); the clicks, submissions and commands it sends, and the
 * Home tab opened or clicked (page-home.ts), which the local Slack signs and delivers to Warden as
 * Slack would; a file download; and a flood of alerts through Warden's intake.
 */

export interface DemoPageOptions extends IntakeTarget {
  slack: LocalSlack;
  /** The slash command Warden answers (SLACK_COMMAND). */
  command: string;
  /** The Warden serving the organisation's workspaces once installed by OAuth ("Add to another workspace"). */
  orgWardenUrl?: string;
}

const PAGE = new URL('./page/', import.meta.url);
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
};
/** The page's own files, by URL path: index.html at `/`, the rest under `/demo/`. */
const ASSETS = new Map<string, string>([
  ['/', 'index.html'],
  ...readdirSync(PAGE)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f): [string, string] => [`/demo/${f}`, f]),
]);

const burstSeverity = (i: number) =>
  i % 30 === 0
    ? 'FINDING_SEVERITY_CRITICAL'
    : i % 3 === 0
      ? 'FINDING_SEVERITY_HIGH'
      : 'FINDING_SEVERITY_MEDIUM';
const FloodSchema = z.object({ count: z.number().int().min(1).max(600).default(30) });

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

function asset(res: ServerResponse, file: string): true {
  res.writeHead(200, {
    'content-type': TYPES[file.split('.').pop() ?? ''] ?? 'text/plain',
    'cache-control': 'no-store',
  });
  res.end(readFileSync(new URL(file, PAGE)));
  return true;
}

/** A file shared with the person (their CSV), as Slack's url_private_download would give it. */
function download(slack: LocalSlack, res: ServerResponse, id: string, user: string): true {
  const file = slack.files.find((f) => f.id === id);
  // A file shared in a channel is everyone's on the page; one in a direct message only its person's.
  const visible = file && (file.channel === dmOf(user) || /^[CG]/.test(file.channel ?? ''));
  if (!file || !visible) return json(res, 404, { error: 'no such file' });
  const image = file.mimetype.startsWith('image/');
  res.writeHead(200, {
    'content-type': file.mimetype.startsWith('text/') ? `${file.mimetype}; charset=utf-8` : file.mimetype,
    'content-length': String(file.bytes.length),
    // An image is shown in the page (as Slack shows one); anything else is downloaded.
    'content-disposition': `${image ? 'inline' : 'attachment'}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  });
  res.end(file.bytes);
  return true;
}

type Handler = (input: unknown) => Promise<Answer> | Answer;

function handlers(ctx: PageContext, o: DemoPageOptions): Record<string, Handler> {
  const parsed =
    <T extends z.ZodType>(schema: T, run: (input: z.output<T>) => Promise<Answer> | Answer): Handler =>
    (input) => {
      const checked = schema.safeParse(input);
      return checked.success ? run(checked.data) : { status: 400, body: { error: 'bad request' } };
    };
  return {
    '/demo/click': parsed(ClickSchema, (c) => click(ctx, c)),
    '/demo/submit': parsed(SubmitSchema, (s) => submit(ctx, s)),
    '/demo/close': parsed(CloseSchema, (c) => close(ctx, c)),
    '/demo/view-action': parsed(ViewActionSchema, (a) => viewAction(ctx, a)),
    '/demo/command': parsed(CommandSchema, (c) => command(ctx, c)),
    '/demo/home-opened': parsed(HomeOpenedSchema, (h) => homeOpened(ctx, h)),
    '/demo/home-click': parsed(HomeClickSchema, (h) => homeClick(ctx, h)),
    '/demo/shortcut': parsed(ShortcutSchema, (s) => shortcut(ctx, s)),
    '/demo/workflow-step': parsed(WorkflowStepSchema, (w) => runWorkflowStep(ctx, w)),
    '/demo/workflow-run': parsed(WorkflowRunSchema, (w) => workflowRun(ctx, w)),
    '/demo/paste-link': parsed(PasteLinkSchema, (l) => pasteLink(ctx, l)),
    '/demo/unfurl-click': parsed(UnfurlClickSchema, (c) => unfurlClick(ctx, c)),
    '/demo/flood': parsed(FloodSchema, async (f) => ({
      status: 200,
      // A burst is mostly lower severities, as a first scan is: a few criticals stand out.
      body: { ok: true, findings: await postFlood(o, f.count, f.count > 40 ? burstSeverity : undefined) },
    })),
  };
}

export function routeDemoPage(o: DemoPageOptions): void {
  const { slack } = o;
  const ctx: PageContext = {
    slack,
    eventsUrl: `${o.wardenUrl}/slack/events`,
    command: o.command,
    ...(o.orgWardenUrl ? { orgEventsUrl: `${o.orgWardenUrl}/slack/events` } : {}),
  };
  const installUrl = o.orgWardenUrl ? `${o.orgWardenUrl}/slack/install` : undefined;
  const posts = handlers(ctx, o);

  slack.route(async (req: IncomingMessage, res: ServerResponse, path: string, raw: string) => {
    const query = new URL(req.url ?? '/', 'http://local').searchParams;
    const as = query.get('as') ?? 'U0ALICE';
    if (req.method === 'GET') {
      const file = ASSETS.get(path);
      if (file) return asset(res, file);
      // Slack's consent screen when the link names no workspace yet, and its deep link after an install.
      if (path === '/oauth/v2/authorize' && !query.has('team') && !query.has('org'))
        return consentPage(res, query);
      if (path === '/app_redirect') return appRedirect(res, query);
      if (path === '/demo/events') {
        if (!isSwitchable(as)) return json(res, 400, { error: 'not a person of the demo' });
        streamChanges(slack.workspace, req, res, {
          snapshot: () => snapshotFor(slack, as, o.command, installUrl),
          select: (change) => changeFor(as, change),
        });
        return true;
      }
      if (path.startsWith('/demo/files/')) return download(slack, res, path.slice('/demo/files/'.length), as);
      if (path === '/demo/workflow-steps') return json(res, 200, { steps: stepsOffered(slack) });
      return false;
    }
    const handler = req.method === 'POST' ? posts[path] : undefined;
    if (!handler) return path.startsWith('/demo/') ? json(res, 404, { error: 'unknown demo route' }) : false;
    let input: unknown;
    try {
      input = JSON.parse(raw || '{}');
    } catch {
      return json(res, 400, { error: 'not JSON' });
    }
    try {
      const answer = await handler(input);
      return json(res, answer.status, answer.body);
    } catch (error) {
      return json(res, 502, { error: error instanceof Error ? error.message : String(error) });
    }
  });
}
