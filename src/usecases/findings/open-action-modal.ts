import { actionRow, type FormKind, formOf } from '../../blockkit/action-table.js';
import { describeFailure } from '../../blockkit/failure.js';
import { stateLabel } from '../../blockkit/finding-state.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { code } from '../../blockkit/mrkdwn.js';
import { nothingToExtend, notOfferedNow } from '../../blockkit/outcome-words.js';
import { offeredActions } from '../../domain/actions.js';
import { EVIDENCE_MAX } from '../../domain/closure.js';
import { endOf, endWordsOf } from '../../domain/ends.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { FindingNote } from '../../ports/notes.js';
import { type AlertLifePorts, replaceCard, trackCard } from '../shared/alert-life.js';
import { logTenantFailure } from '../shared/log-failure.js';

export type OpenFormPorts = AlertLifePorts &
  Pick<Ports, 'views' | 'findings' | 'people' | 'settings' | 'notes'>;

export interface OpenActionModalInput {
  kind: FormKind;
  findingId: string;
  /** The loading modal the runner opened at once (the trigger_id lives 3 s), permission checked. */
  viewId: string;
  userId: string;
  channel: string;
  /** The card the button was on; absent for the slash command. */
  cardTs?: string | undefined;
  ref: string;
  /** Extend… from a reminder: the finding must still be snoozed (or its risk accepted). */
  extend?: boolean;
}

/** The days limit a form's dates obey (WARDEN_CONFIG `limits`). */
export function maxDaysOf(p: Pick<Ports, 'settings'>, kind: FormKind): number {
  const limit = actionRow(kind).maxDays;
  return limit ? p.settings.limits[limit] : 3_650;
}

/**
 * What an extension starts from: the finding is still snoozed (or its risk accepted) with an end,
 * and its words, as the person wrote them (without the attribution the tenant's record carries).
 */
function extensionOf(p: Pick<Ports, 'settings'>, f: Finding, kind: FormKind) {
  const end = endOf(f);
  if (end?.action !== kind) return undefined;
  return { words: endWordsOf(f, end.action, p.settings.attributionTemplate), endsAt: new Date(end.at) };
}

/**
 * Resolve… and Suppress… offer the finding's attached notes as evidence. Without the store the
 * form still opens, without them: the evidence is a help, not a condition of closing.
 */
async function evidenceFor(
  p: Pick<Ports, 'notes'>,
  kind: FormKind,
  findingId: string,
  log: Ports['logger'],
): Promise<FindingNote[]> {
  if (kind !== 'resolve' && kind !== 'suppress') return [];
  return p.notes.notesFor(findingId, EVIDENCE_MAX).catch((error: unknown) => {
    log.warn({ err: error }, 'could not read the notes of the finding; the form opens without them');
    return [];
  });
}

/**
 * The form for an action, in the "Loading…" view the runner opened before any tenant I/O (so
 * the trigger_id, valid 3 s, is used while fresh however slow the tenant is): the form replaces
 * it once the finding's current state and the person's time zone are known.
 */
export async function openActionModal(p: OpenFormPorts, input: OpenActionModalInput): Promise<void> {
  const log = p.logger.child({
    ref: input.ref,
    findingId: input.findingId,
    user: input.userId,
    modal: input.kind,
  });
  const { viewId } = input;
  const [found, tz] = await Promise.all([
    p.findings.get(input.findingId).then(
      (finding) => ({ finding }),
      (error: unknown) => ({ error }),
    ),
    p.people.timeZone(input.userId),
  ]);
  if ('error' in found) {
    logTenantFailure(log, found.error, 'could not load the finding for the modal');
    await p.views.update(
      viewId,
      renderInfoModal(describeFailure(found.error, `load finding ${code(input.findingId)}`, input.ref)),
    );
    return;
  }
  const { finding } = found;
  const extending = input.extend ? extensionOf(p, finding, input.kind) : undefined;
  if (input.extend && !extending) {
    await p.views.update(viewId, renderInfoModal(nothingToExtend(stateLabel(finding.state))));
    return;
  }
  if (!extending && !offeredActions(finding.state).includes(input.kind)) {
    // Someone acted meanwhile: say so, and refresh the card so it shows the current state.
    await p.views.update(viewId, renderInfoModal(notOfferedNow(stateLabel(finding.state))));
    if (input.cardTs) {
      const card = { channel: input.channel, ts: input.cardTs };
      await replaceCard(p, finding, card)
        .then((sent) => trackCard(p, finding, sent))
        .catch((error: unknown) => log.warn({ err: error }, 'could not refresh the alert'));
    }
    return;
  }
  const notes = await evidenceFor(p, input.kind, finding.id, log);
  const view = formOf(input.kind).render({
    finding,
    maxDays: maxDaysOf(p, input.kind),
    closureReasons: p.settings.closureReasons,
    extending,
    notes,
    meta: {
      findingId: input.findingId,
      channel: input.channel,
      tz,
      ...(input.cardTs ? { ts: input.cardTs } : {}),
    },
  });
  await p.views.update(viewId, view);
}
