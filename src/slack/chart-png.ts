import { createRequire } from 'node:module';

/**
 * SVG to PNG in the process, without a browser: resvg (a Rust renderer shipped as an npm binary)
 * with the DejaVu Sans font Warden ships (dejavu-fonts-ttf), loaded explicitly — the runtime
 * image has no system fonts. Loaded on first use: a platform without the binary fails here, and
 * the report goes out without its chart.
 */
const require = createRequire(import.meta.url);
export const DEFAULT_CHART_FONT = (): string => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

export async function renderPng(svg: string, fontFile?: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const { existsSync } = await import('node:fs');
  const font = fontFile ?? DEFAULT_CHART_FONT();
  // resvg draws no text at all with a missing font: a chart without its numbers is no chart.
  if (!existsSync(font)) throw new Error(`the chart's font ${font} is not there`);
  const resvg = new Resvg(svg, {
    font: { fontFiles: [font], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return Buffer.from(resvg.render().asPng());
}
