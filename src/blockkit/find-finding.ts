import type { KnownBlock, ModalView } from '@slack/types';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { findingTitle } from './finding-details.js';
import { describeState, severityOf } from './finding-state.js';
import { readValues, text } from './forms/form-state.js';
import { txt } from './forms/form-view.js';
import { INPUT_ACTION, ShortcutBlockId, ShortcutId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, safeMrkdwn, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';
import { FIND_CAP, findCapped, findHint, findNone } from './shortcut-words.js';

/**
 * *Find a finding* (global shortcut): a search field and, once searched, at most FIND_CAP
 * results (a sentence says when there are more), each with Open card. Searching again
 * submits the same modal; it is updated in place.
 */

export const QUERY_MAX = 200;

export type FindResults =
  | { query: string; findings: Finding[]; more: boolean }
  | { query: string; searching: true };

function resultBlock(f: Finding): KnownBlock {
  const sev = severityOf(f);
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: truncate(
        `*${sev.icon} ${safeMrkdwn(findingTitle(f), 150)}*\n${code(f.id, 130)} · ${describeState(f)}${f.appId ? ` · ${t('find.inApp', { app: code(f.appId, 80) })}` : ''}`,
        SLACK_LIMITS.sectionText,
      ),
    },
    accessory: {
      type: 'button',
      action_id: ShortcutId.openCard,
      text: txt(t('find.openCard'), SLACK_LIMITS.buttonText),
      accessibility_label: spokenLabel(t('find.openCard'), `${findingTitle(f)}, ${f.id}`),
      value: f.id,
    },
  };
}

function resultBlocks(r: FindResults | undefined): KnownBlock[] {
  if (!r) return [{ type: 'context', elements: [{ type: 'mrkdwn', text: findHint() }] }];
  const say = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
  if ('searching' in r) return [say(t('find.searching', { query: code(r.query, 100) }))];
  if (r.findings.length === 0) return [say(findNone(r.query))];
  const blocks = r.findings.slice(0, FIND_CAP).flatMap((f) => [resultBlock(f)]);
  return r.more ? [...blocks, say(findCapped(FIND_CAP))] : blocks;
}

export function renderFindModal(results?: FindResults): ModalView {
  return {
    type: 'modal',
    callback_id: ShortcutId.find,
    title: txt(t('find.title')),
    submit: txt(t('find.search')),
    close: txt(t('find.close')),
    blocks: [
      {
        type: 'input',
        block_id: ShortcutBlockId.query,
        label: txt(t('find.label'), 100),
        element: {
          type: 'plain_text_input',
          action_id: INPUT_ACTION,
          max_length: QUERY_MAX,
          ...(results ? { initial_value: results.query } : {}),
        },
      },
      { type: 'divider' },
      ...resultBlocks(results),
    ],
  };
}

export function parseFind(
  raw: unknown,
): { ok: true; query: string } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  const query = 'values' in read ? text(read.values, ShortcutBlockId.query) : '';
  if (!query || query.length > QUERY_MAX)
    return {
      ok: false,
      errors: { [ShortcutBlockId.query]: t('find.tooLong', { max: QUERY_MAX }) },
    };
  return { ok: true, query };
}
