import type { MethodAnswer, Workspace } from '../workspace.js';
import { chatMethods } from './chat.js';
import { fileMethods } from './files.js';
import { peopleMethods } from './people.js';
import { viewMethods } from './views.js';

export type Method = (ws: Workspace, args: Record<string, unknown>) => MethodAnswer;

/** Every Web API method the local Slack answers, by name; a family a file. */
export const METHODS: Record<string, Method> = {
  ...peopleMethods,
  ...chatMethods,
  ...viewMethods,
  ...fileMethods,
};
