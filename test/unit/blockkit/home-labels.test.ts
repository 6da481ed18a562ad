import { describe, expect, it } from 'vitest';
import { renderHome } from '../../../src/blockkit/home.js';
import { homeData, OPEN, SNOOZED, twenty } from './surface-inputs.js';

/** A screen reader on Home hears which finding a button acts on by its name, not its id. */
describe('Home buttons, as a screen reader says them', () => {
  it('Extend… and the answers name the finding by its label', () => {
    const labels = new Map([
      ...twenty.slice(0, 3).map((f, i) => [f.id, `Finding ${i} · app-${i}`] as const),
      [OPEN.id, 'Decoy credential used · etl-bot'],
      [SNOOZED.id, 'Unused secret · billing-key'],
    ]);
    const view = renderHome({ ...homeData, labels });
    const spoken = JSON.stringify(view.blocks)
      .match(/"accessibility_label":"[^"]*"/g)
      ?.join('\n');
    expect(spoken).toContain('Decoy credential used · etl-bot');
    expect(spoken).toContain('Unused secret · billing-key');
    for (const f of [OPEN, SNOOZED, ...twenty.slice(0, 3)]) expect(spoken).not.toContain(f.id);
  });
});
