import type { Namespace } from '../types.js';

/** domain/workflow-steps.ts: why a Workflow Builder step's inputs were refused, read by who built it. */
const en = {
  'stepInput.none': 'The step was run without inputs.',
  'stepInput.notPerson': "{name} is not a person's interactivity.",
  'stepInput.unknown': 'The step does not take {names}.',
  'stepInput.missing': 'The step needs {name}.',
  'stepInput.notFinding': '{name} is not a finding id.',
  'stepInput.text': '{name} must be text.',
  'stepInput.tooLong': '{name} is longer than {max} characters.',
  'stepInput.whole': '{name} must be a whole number.',
  'stepInput.boolean': '{name} must be true or false.',
  'stepInput.user': '{name} must be a Slack person.',
  'stepInput.channel': '{name} must be a Slack channel.',
} as const;

export const stepInputs: Namespace<typeof en> = {
  en,
  de: {
    'stepInput.none': 'Der Schritt wurde ohne Eingaben ausgeführt.',
    'stepInput.notPerson': '{name} ist nicht die Interaktivität einer Person.',
    'stepInput.unknown': 'Der Schritt kennt {names} nicht.',
    'stepInput.missing': 'Der Schritt braucht {name}.',
    'stepInput.notFinding': '{name} ist keine Finding-ID.',
    'stepInput.text': '{name} muss Text sein.',
    'stepInput.tooLong': '{name} ist länger als {max} Zeichen.',
    'stepInput.whole': '{name} muss eine ganze Zahl sein.',
    'stepInput.boolean': '{name} muss true oder false sein.',
    'stepInput.user': '{name} muss eine Slack-Person sein.',
    'stepInput.channel': '{name} muss ein Slack-Channel sein.',
  },
  ja: {
    'stepInput.none': 'ステップが入力なしで実行されました。',
    'stepInput.notPerson': '{name} は人のインタラクティビティではありません。',
    'stepInput.unknown': 'このステップは {names} を受け付けません。',
    'stepInput.missing': 'このステップには {name} が必要です。',
    'stepInput.notFinding': '{name} は検出結果の ID ではありません。',
    'stepInput.text': '{name} はテキストである必要があります。',
    'stepInput.tooLong': '{name} が {max} 文字を超えています。',
    'stepInput.whole': '{name} は整数である必要があります。',
    'stepInput.boolean': '{name} は true または false である必要があります。',
    'stepInput.user': '{name} は Slack のユーザーである必要があります。',
    'stepInput.channel': '{name} は Slack のチャンネルである必要があります。',
  },
};
