import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  describeCycles,
  findFolderCycles,
  findImportCycles,
  runtimeImports,
} from '../../scripts/check-import-cycles';

// The import-cycle check of `npm run lint`, run over fixtures that do and do not have a cycle.
const fixtures = fileURLToPath(new URL('../fixtures/import-cycle', import.meta.url));
const short = (file: string) => path.relative(fixtures, file).split(path.sep).join('/');

describe('import cycle check', () => {
  it('finds a cycle made of an import, a re-export and a dynamic import, in import order', () => {
    const cycles = findImportCycles([path.join(fixtures, 'with-cycle')]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0].files.map(short)).toEqual([
      'with-cycle/cart.ts',
      'with-cycle/price.ts',
      'with-cycle/tax.ts',
    ]);
    expect(cycles[0].imports.map((i) => `${short(i.file)}:${i.line}`)).toEqual([
      'with-cycle/cart.ts:1',
      'with-cycle/price.ts:2',
      'with-cycle/tax.ts:7',
    ]);
    expect(describeCycles(cycles, fixtures)).toContain('with-cycle/tax.ts:7 imports with-cycle/cart.ts');
  });

  it('finds no cycle when every import back is type-only', () => {
    expect(findImportCycles([path.join(fixtures, 'without-cycle')])).toEqual([]);
  });

  it('sees the type-only cycle when asked to count type-only imports', () => {
    const cycles = findImportCycles([path.join(fixtures, 'without-cycle')], { includeTypeOnly: true });
    expect(cycles.map((c) => c.files.map(short))).toEqual([
      ['without-cycle/cart.ts', 'without-cycle/price.ts', 'without-cycle/tax.ts'],
    ]);
  });

  it('finds two folders that import each other though no file is in a cycle', () => {
    const features = path.join(fixtures, 'features');
    expect(findImportCycles([features])).toEqual([]);
    const cycles = findFolderCycles([features], features);
    expect(cycles.map((c) => c.files.map(short))).toEqual([['features/billing', 'features/orders']]);
  });

  it('leaves out type-only imports and exports but keeps side-effect and dynamic imports', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "export type { D } from './d';",
      "export { type E } from './e';",
      "type F = typeof import('./f');",
      "import './styles';",
      "import { g, type G } from './g';",
      "export * from './h';",
      "const i = () => import('./i');",
      "import j = require('./j');",
      "import { k } from 'some-package';",
    ].join('\n');
    expect(runtimeImports('x.ts', source).map((i) => i.specifier)).toEqual([
      './styles',
      './g',
      './h',
      './i',
      './j',
    ]);
  });
});
