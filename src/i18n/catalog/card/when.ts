import type { Namespace } from '../types.js';

/** domain/when.ts: why a time a person typed or picked cannot be used. */
const en = {
  'when.help': '`7d`, `2w`, `36h`, `P7D`, `2026-12-01` or `2026-12-01 09:00`',
  'when.notReal': '"{input}" is not a real date or time.',
  'when.notUnderstood': '"{input}" is not a time Warden understands; use {help}.',
  'when.past': 'That time is in the past; choose a time in the future.',
  'when.tooFar': 'That is more than {days} days ahead; choose an earlier date.',
} as const;

export const cardWhen: Namespace<typeof en> = {
  en,
  de: {
    'when.help': '`7d`, `2w`, `36h`, `P7D`, `2026-12-01` oder `2026-12-01 09:00`',
    'when.notReal': '„{input}“ ist kein gültiges Datum und keine gültige Uhrzeit.',
    'when.notUnderstood': '„{input}“ ist keine Zeitangabe, die Warden versteht; verwenden Sie {help}.',
    'when.past': 'Dieser Zeitpunkt liegt in der Vergangenheit; wählen Sie einen Zeitpunkt in der Zukunft.',
    'when.tooFar': 'Das liegt mehr als {days} Tage in der Zukunft; wählen Sie ein früheres Datum.',
  },
  ja: {
    'when.help': '`7d`、`2w`、`36h`、`P7D`、`2026-12-01`、`2026-12-01 09:00`',
    'when.notReal': '「{input}」は有効な日付または時刻ではありません。',
    'when.notUnderstood': '「{input}」は Warden が理解できる時間ではありません。{help} を使用してください。',
    'when.past': 'その時刻は過去です。未来の時刻を選んでください。',
    'when.tooFar': '{days} 日より先の日付です。もっと前の日付を選んでください。',
  },
};
