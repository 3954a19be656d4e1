// Fails when a feature folder reaches past another feature's front door or into the app shell.
//
//   tsx scripts/check-feature-edges.ts --features=src/features --app=src/app
//
// A feature (a folder of src/features) may import src/core, src/ui, src/api and its own files, and
// another feature only through that feature's index.ts: what the index exports is the feature's
// promise to the rest of the app, the other files are its own business. src/app composes the
// features (routes, the session gate) and nothing below it may import it, or the app's stores
// become everyone's hidden dependency. Type-only imports count too: a type from another feature's
// internals ties the two together as surely as a value does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { buildImportGraph, type ImportEdge } from './check-import-cycles.js';

export interface EdgeViolation extends ImportEdge {
  why: string;
}

const isIndex = (file: string) => /^index\.(ts|tsx)$/.test(path.basename(file));

/** Every import from a feature folder under `features` into `app`, or into another feature's inside. */
export function findFeatureEdgeViolations(
  features: string,
  app: string,
  options: { tsconfig?: string } = {},
): EdgeViolation[] {
  const base = path.resolve(features);
  const appRoot = path.resolve(app);
  const featureOf = (file: string) => {
    const [first, ...rest] = path.relative(base, file).split(path.sep);
    return first === '..' || rest.length === 0 ? null : { name: first, rest: rest.join('/') };
  };
  const graph = buildImportGraph([base], { ...options, includeTypeOnly: true });
  const violations: EdgeViolation[] = [];
  for (const [file, edges] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    for (const edge of edges) {
      if (!path.relative(appRoot, edge.to).startsWith('..')) {
        violations.push({ ...edge, why: 'a feature imports the app shell' });
        continue;
      }
      const to = featureOf(edge.to);
      if (to && to.name !== from.name && !(isIndex(edge.to) && !to.rest.includes('/'))) {
        violations.push({ ...edge, why: `${from.name} imports the inside of ${to.name} (use its index.ts)` });
      }
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function describeViolations(violations: EdgeViolation[], cwd = process.cwd()): string {
  const name = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
  return violations.map((v) => `  ${name(v.file)}:${v.line} imports ${name(v.to)}: ${v.why}`).join('\n');
}

function main(argv: string[]): number {
  const option = (name: string, fallback: string) =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const features = option('features', 'src/features');
  const tsconfig = ts.findConfigFile(process.cwd(), ts.sys.fileExists);
  const violations = findFeatureEdgeViolations(features, option('app', 'src/app'), { tsconfig });
  if (violations.length === 0) {
    console.log(`Every feature of ${features} imports the others through their index.ts only.`);
    return 0;
  }
  console.error(`${violations.length} import(s) across feature edges:\n${describeViolations(violations)}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
