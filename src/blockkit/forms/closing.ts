import type { ClosureReason } from '../../domain/closure.js';
import { readClosure } from './closure-reason.js';
import { readEvidence } from './evidence.js';
import { readValues, type SubmissionResult } from './form-state.js';

/**
 * Resolve… and Suppress… read alike: the closure reason and the chosen evidence, the errors of
 * both on their fields at once.
 */
export function readClosing(
  raw: unknown,
  reasons: readonly ClosureReason[],
  kind: 'resolve' | 'suppress',
): SubmissionResult {
  const read = readValues(raw);
  if (!('values' in read)) return read;
  const closed = readClosure(read.values, reasons);
  const chosen = readEvidence(read.values);
  if ('errors' in closed || 'errors' in chosen)
    return {
      ok: false,
      errors: {
        ...('errors' in closed ? closed.errors : {}),
        ...('errors' in chosen ? chosen.errors : {}),
      },
    };
  const { evidence } = chosen;
  return {
    ok: true,
    action: {
      kind,
      reason: closed.reason,
      closure: closed.closure.id,
      ...(evidence.length ? { evidence } : {}),
    },
  };
}
