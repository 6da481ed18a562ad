import { figuresOf, type ReportFigures } from '../domain/sla-report.js';
import type { MessageKey } from '../i18n/catalog/index.js';
import type { Locale } from '../i18n/locale.js';
import { currentLocale, type MessageValues, say, t } from '../i18n/speak.js';

/**
 * The SLA report's chart as SVG (rendered to PNG in slack/chart-png.ts): closures per period as
 * bars (those within SLA darker), the share within SLA as a line. Pure: text is escaped for XML,
 * the font named is the one the renderer loads.
 */
const W = 800;
const HGT = 360;
const PAD = { left: 60, right: 60, top: 50, bottom: 60 };
/**
 * The chart's labels in the reader's language when the font draws it: DejaVu Sans (the one font
 * the PNG renderer loads) has Latin, so German, but no Japanese glyphs; a Japanese reader gets the
 * chart's labels in English, and the alt text (read in Slack, not drawn) in Japanese.
 */
const DRAWN: readonly Locale[] = ['en', 'de', 'en-XA'];
const drawn = (key: MessageKey, values?: MessageValues): string => {
  const locale = currentLocale();
  return say(DRAWN.includes(locale) ? locale : 'en', key, values);
};
const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function slaChartSvg(f: ReportFigures, days: number, font = 'DejaVu Sans'): string {
  const periods = [...f.totals].reverse();
  const labels = [...f.windows].reverse().map((w) => new Date(w.to).toISOString().slice(5, 10));
  const max = Math.max(1, ...periods.map((b) => b.closures));
  const plotW = W - PAD.left - PAD.right;
  const plotH = HGT - PAD.top - PAD.bottom;
  const slot = plotW / periods.length;
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const parts: string[] = [
    `<rect width="${W}" height="${HGT}" fill="#ffffff"/>`,
    `<text x="${PAD.left}" y="28" font-size="18" font-weight="bold">${xml(drawn('slaChart.title', { days }))}</text>`,
    `<line x1="${PAD.left}" y1="${PAD.top + plotH}" x2="${W - PAD.right}" y2="${PAD.top + plotH}" stroke="#444"/>`,
  ];
  const points: string[] = [];
  periods.forEach((b, i) => {
    const x = PAD.left + i * slot + slot * 0.2;
    const bw = slot * 0.6;
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${y(b.closures).toFixed(1)}" width="${bw.toFixed(1)}" height="${(PAD.top + plotH - y(b.closures)).toFixed(1)}" fill="#9ec5e8"/>`,
      `<rect x="${x.toFixed(1)}" y="${y(b.withinSla).toFixed(1)}" width="${bw.toFixed(1)}" height="${(PAD.top + plotH - y(b.withinSla)).toFixed(1)}" fill="#2b6cb0"/>`,
      `<text x="${(x + bw / 2).toFixed(1)}" y="${(y(b.closures) - 6).toFixed(1)}" font-size="13" text-anchor="middle">${b.closures}</text>`,
      `<text x="${(x + bw / 2).toFixed(1)}" y="${PAD.top + plotH + 20}" font-size="13" text-anchor="middle">${xml(labels[i] ?? '')}</text>`,
    );
    const share = figuresOf(b).withinSla;
    if (share !== undefined)
      points.push(`${(x + bw / 2).toFixed(1)},${(PAD.top + plotH - share * plotH).toFixed(1)}`);
  });
  if (points.length > 1)
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#c53030" stroke-width="3"/>`);
  parts.push(
    `<text x="${PAD.left}" y="${HGT - 12}" font-size="12" fill="#2b6cb0">${xml(drawn('slaChart.within'))}</text>`,
    `<text x="${PAD.left + 170}" y="${HGT - 12}" font-size="12" fill="#9ec5e8">${xml(drawn('slaChart.past'))}</text>`,
    `<text x="${PAD.left + 330}" y="${HGT - 12}" font-size="12" fill="#c53030">${xml(drawn('slaChart.share'))}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${HGT}" font-family="${xml(font)}">${parts.join('')}</svg>`;
}

/** The chart's alt text: what it shows, in one sentence. */
export function slaChartAlt(f: ReportFigures, days: number): string {
  const closed = [...f.totals].reverse().map((b) => b.closures);
  return t('slaChart.alt', { days, closed: closed.join(', ') });
}
