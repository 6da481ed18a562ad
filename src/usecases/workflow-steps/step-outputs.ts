import { stateLabel } from '../../blockkit/finding-state.js';
import { stepDateText } from '../../blockkit/workflow-step-words.js';
import { isKnownTimeZone } from '../../domain/when.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';

/**
 * A step's outputs as a workflow builder shows them to people: the typed values the manifest
 * declares (the tenant's state, a timestamp), each with a readable text beside it ("Snoozed", a
 * date in the time zone of the person who ran the workflow).
 */
export const stateOutputs = (f: Finding) => ({
  finding_id: f.id,
  state: String(f.state ?? ''),
  state_text: stateLabel(f.state),
});

export async function untilOutputs(
  p: Pick<Ports, 'people'>,
  userId: string,
  key: 'snoozed_until' | 'accepted_until',
  seconds: number,
): Promise<Record<string, number | string>> {
  const tz = await p.people.timeZone(userId).catch(() => 'UTC');
  return { [key]: seconds, [`${key}_text`]: stepDateText(seconds * 1_000, isKnownTimeZone(tz) ? tz : 'UTC') };
}
