import { actionForms } from './action-forms.js';
import { approval } from './approval.js';
import { find } from './find.js';
import { form } from './form.js';
import { rollup } from './rollup.js';
import { shortcut } from './shortcut.js';
import { stepUp } from './step-up.js';

/**
 * The namespaces of the forms surfaces (see ../index.ts): one file per surface's words, listed here
 * in a tuple so their keys stay typed.
 */
export const FORMS = [form, actionForms, approval, stepUp, shortcut, find, rollup] as const;
