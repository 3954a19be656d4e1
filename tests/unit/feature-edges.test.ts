import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeViolations, findFeatureEdgeViolations } from '../../scripts/check-feature-edges';

// The feature-edge check of `npm run lint`, run over a fixture with one allowed import and four not.
const fixtures = fileURLToPath(new URL('../fixtures/feature-edges', import.meta.url));
const short = (file: string) => path.relative(fixtures, file).split(path.sep).join('/');

describe('feature edge check', () => {
  const violations = findFeatureEdgeViolations(path.join(fixtures, 'features'), path.join(fixtures, 'app'));

  it('refuses imports of the app shell and of another feature past its index.ts, type-only ones too', () => {
    expect(violations.map((v) => `${short(v.file)}:${v.line} → ${short(v.to)}`)).toEqual([
      'features/billing/invoice.ts:1 → app/store.ts',
      'features/billing/invoice.ts:3 → features/orders/cart.ts',
      'features/billing/invoice.ts:4 → features/orders/cart.ts',
      'features/billing/invoice.ts:5 → features/orders/deep/index.ts',
    ]);
  });

  it('says which rule each import breaks', () => {
    const text = describeViolations(violations, fixtures);
    expect(text).toContain(
      'features/billing/invoice.ts:1 imports app/store.ts: a feature imports the app shell',
    );
    expect(text).toContain('billing imports the inside of orders (use its index.ts)');
  });

  it('lets the app itself pass: every feature of src/features keeps to the rule', () => {
    const root = fileURLToPath(new URL('../../src', import.meta.url));
    expect(findFeatureEdgeViolations(path.join(root, 'features'), path.join(root, 'app'))).toEqual([]);
  });
});
