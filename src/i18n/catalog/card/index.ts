import { cardActions } from './actions.js';
import { command } from './command.js';
import { cardDetails } from './details.js';
import { doing } from './doing.js';
import { cardFailure } from './failure.js';
import { cardFrame } from './finding.js';
import { cardInteraction } from './interaction.js';
import { cardLabels } from './labels.js';
import { cardOwner } from './owner.js';
import { cardState } from './state.js';
import { cardTarget } from './target.js';
import { cardWhen } from './when.js';

/**
 * The namespaces of the card surfaces (see ../index.ts): one file per surface's words, listed here
 * in a tuple so their keys stay typed.
 */
export const CARD = [
  cardFrame,
  cardState,
  cardTarget,
  cardDetails,
  cardLabels,
  cardActions,
  cardFailure,
  cardInteraction,
  cardOwner,
  cardWhen,
  command,
  doing,
] as const;
