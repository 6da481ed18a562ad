import { campaign } from './campaign.js';
import { containForm } from './contain-form.js';
import { containThread } from './contain-thread.js';
import { reviewDecide } from './review-decide.js';
import { reviewHome } from './review-home.js';
import { reviewLink } from './review-link.js';
import { scope } from './scope.js';
import { sla } from './sla.js';
import { slaReport } from './sla-report.js';
import { stepInputs } from './step-inputs.js';
import { workflowStep } from './workflow-step.js';

/**
 * The namespaces of the work surfaces (see ../index.ts): one file per surface's words, listed here
 * in a tuple so their keys stay typed.
 */
export const WORK = [
  reviewLink,
  reviewDecide,
  reviewHome,
  containForm,
  containThread,
  sla,
  slaReport,
  campaign,
  workflowStep,
  scope,
  stepInputs,
] as const;
