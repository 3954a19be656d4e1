import { describe, expect, it } from 'vitest';
import { offsiteHelp } from '../../src/features/node-editor/logic/wizard-fields';

describe('offsiteHelp', () => {
  const wizard = (iterations: number, offsite: number) => ({ iterations, offsite, fields: [] });

  it("explains the offsite with the wizard's own numbers", () => {
    expect(offsiteHelp(wizard(3, 1), 'wizard_list')).toBe(
      'Offsite is the number of the first pass. Guests see "1 of 3", "2 of 3", "3 of 3" above the questions; each form in wizard_list keeps its pass number as index.',
    );
  });

  it('shortens a long count and follows another offsite', () => {
    expect(offsiteHelp(wizard(5, 0), 'people')).toContain('"0 of 4", "1 of 4" … "4 of 4"');
  });

  it('speaks of the index only for a wizard asked once', () => {
    expect(offsiteHelp(wizard(1, 1), '')).toBe(
      'Offsite is the number of the first pass (1): each form in the store list keeps its pass number as index.',
    );
  });
});
