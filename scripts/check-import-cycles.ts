// Fails when the runtime import graph of the given folders has a cycle.
//
//   tsx scripts/check-import-cycles.ts src server widget workers
//   tsx scripts/check-import-cycles.ts --folders=src/features src   (feature folders as pieces)
//   tsx scripts/check-import-cycles.ts --types src   (type-only imports count too)
//
// A cycle means a module can be evaluated before the one it imports has finished, so its exports
// are still undefined (or in the temporal dead zone) at that moment; it also means the folders no
// longer layer. madge and dependency-cruiser would do this, but neither installs next to
// TypeScript 6, so this walks the files with the TypeScript compiler API instead.
//
// Every relative `import`, `export … from`, `import x = require()` and `import()` counts.
// Type-only ones do not: `import type`, `export type`, and an import or re-export whose every
// name is marked `type` are erased by the compiler, so they vanish at runtime and cannot cycle.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** One runtime import: the file (or folder) it leads to, and the file and line that hold it. */
export interface ImportEdge {
  to: string;
  file: string;
  line: number;
}

/** One strongly connected set of files (or folders), with one import path around it in order. */
export interface ImportCycle {
  /** The files (or folders) of the cycle in import order; the last one imports the first. */
  files: string[];
  /** The import that leads from `files[i]` to the next one. */
  imports: { file: string; line: number }[];
  /** Everything that is part of this tangle (more than `files` when several cycles share files). */
  members: string[];
}

export interface GraphOptions {
  /** The tsconfig whose module resolution to follow; Bundler resolution when absent. */
  tsconfig?: string;
  /** Count type-only imports too (`--types`): shows cycles that only the type checker sees. */
  includeTypeOnly?: boolean;
}

const sourceFile = /\.(ts|tsx|mts|cts)$/;
const declarationFile = /\.d\.(ts|mts|cts)$/;

/** Every TypeScript source file under the given files or folders, skipping node_modules. */
export function listSourceFiles(roots: string[]): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        visit(path.join(entry, name));
      }
    } else if (sourceFile.test(entry) && !declarationFile.test(entry)) {
      found.push(path.resolve(entry));
    }
  };
  roots.forEach(visit);
  return found;
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

/** The relative module specifiers a file imports at runtime, with the line of each. */
export function runtimeImports(
  file: string,
  text: string,
  includeTypeOnly = false,
): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !isRelative(specifier.text)) return;
    found.push({
      specifier: specifier.text,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      if (includeTypeOnly || !isTypeOnlyImport(node)) add(node, node.moduleSpecifier);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && (includeTypeOnly || !isTypeOnlyExport(node)))
        add(node, node.moduleSpecifier);
      return;
    }
    if (ts.isImportEqualsDeclaration(node)) {
      if ((includeTypeOnly || !node.isTypeOnly) && ts.isExternalModuleReference(node.moduleReference)) {
        add(node, node.moduleReference.expression);
      }
      return;
    }
    // `import('./x')` as an expression loads the module; `typeof import('./x')` is an
    // ImportTypeNode, a type, and is not visited as a call.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module for its side effects.
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from './x'` is erased as a whole; `import {} from` is not.
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

function compilerOptions(tsconfig: string | undefined): ts.CompilerOptions {
  const fallback: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: false,
    jsx: ts.JsxEmit.ReactJSX,
  };
  if (!tsconfig) return fallback;
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) return fallback;
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig)).options;
}

/**
 * The runtime import graph of every source file under `roots`. A relative import that resolves
 * to a TypeScript file outside the roots pulls that file in too, so a cycle that passes through
 * it is still seen. Imports of non-TypeScript files (styles, JSON, `?raw` assets) are ignored.
 */
export function buildImportGraph(roots: string[], options: GraphOptions = {}): Map<string, ImportEdge[]> {
  const settings = compilerOptions(options.tsconfig);
  const graph = new Map<string, ImportEdge[]>();
  const pending = listSourceFiles(roots);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const edges: ImportEdge[] = [];
    graph.set(file, edges);
    const text = ts.sys.readFile(file) ?? '';
    for (const { specifier, line } of runtimeImports(file, text, options.includeTypeOnly)) {
      const resolved = ts.resolveModuleName(specifier, file, settings, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (!sourceFile.test(target) || declarationFile.test(target)) continue;
      edges.push({ to: target, file, line });
      if (!graph.has(target)) pending.push(target);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components, iterative so a deep import chain cannot overflow. */
export function stronglyConnected(graph: Map<string, ImportEdge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++].to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** The shortest import path from `start` back to itself that stays inside `members`. */
function shortestCycle(graph: Map<string, ImportEdge[]>, start: string, members: Set<string>): ImportCycle {
  const cameFrom = new Map<string, { from: string; edge: ImportEdge }>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.to) || cameFrom.has(edge.to)) continue;
      cameFrom.set(edge.to, { from: node, edge });
      if (edge.to === start) {
        queue.length = 0;
        break;
      }
      queue.push(edge.to);
    }
  }
  const files: string[] = [];
  const imports: { file: string; line: number }[] = [];
  let node = start;
  do {
    const step = cameFrom.get(node)!;
    files.unshift(step.from);
    imports.unshift({ file: step.edge.file, line: step.edge.line });
    node = step.from;
  } while (node !== start);
  return { files, imports, members: [...members].sort() };
}

/** Every import cycle among the source files under `roots`, one per tangle of files. */
export function findImportCycles(roots: string[], options: GraphOptions = {}): ImportCycle[] {
  return cyclesOf(buildImportGraph(roots, options));
}

/**
 * Every cycle between the folders directly inside `parent` (the feature folders, say), each
 * folder taken as one piece: `flow/` importing `node-editor/` while `node-editor/` imports `flow/`
 * is a cycle here even when no single file is part of one. Imports from or to files outside
 * `parent` are left out.
 */
export function findFolderCycles(roots: string[], parent: string, options: GraphOptions = {}): ImportCycle[] {
  return folderCyclesOf(buildImportGraph(roots, options), parent);
}

function folderCyclesOf(graph: Map<string, ImportEdge[]>, parent: string): ImportCycle[] {
  const base = path.resolve(parent);
  const folderOf = (file: string) => {
    const [first, ...rest] = path.relative(base, file).split(path.sep);
    return first === '..' || rest.length === 0 ? null : path.join(base, first);
  };
  const folders = new Map<string, ImportEdge[]>();
  for (const [file, edges] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    if (!folders.has(from)) folders.set(from, []);
    for (const edge of edges) {
      const to = folderOf(edge.to);
      if (!to || to === from) continue;
      if (!folders.has(to)) folders.set(to, []);
      folders.get(from)!.push({ ...edge, to });
    }
  }
  return cyclesOf(folders);
}

function cyclesOf(graph: Map<string, ImportEdge[]>): ImportCycle[] {
  const cycles: ImportCycle[] = [];
  for (const component of stronglyConnected(graph)) {
    const selfImport = component.length === 1 && graph.get(component[0])!.some((e) => e.to === component[0]);
    if (component.length > 1 || selfImport)
      cycles.push(shortestCycle(graph, component[0], new Set(component)));
  }
  return cycles.sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** A readable report of the cycles, with paths relative to `cwd`. */
export function describeCycles(cycles: ImportCycle[], cwd = process.cwd()): string {
  const name = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
  return cycles
    .map((cycle, i) => {
      const steps = cycle.files.map((file, j) => {
        const { file: holder, line } = cycle.imports[j];
        const where = holder === file ? `${name(file)}:${line}` : `${name(file)} (${name(holder)}:${line})`;
        return `    ${where} imports ${name(cycle.files[(j + 1) % cycle.files.length])}`;
      });
      const others = cycle.members.filter((file) => !cycle.files.includes(file));
      const rest = others.length > 0 ? [`    (tangled with it: ${others.map(name).join(', ')})`] : [];
      return [`  cycle ${i + 1}:`, ...steps, ...rest].join('\n');
    })
    .join('\n');
}

/**
 * `[--types] [--folders=<parent>]… <root>…`: file cycles under the roots, then for each
 * `--folders` parent the cycles between its subfolders.
 */
function main(argv: string[]): number {
  const includeTypeOnly = argv.includes('--types');
  const parents = argv
    .filter((arg) => arg.startsWith('--folders='))
    .map((arg) => arg.slice('--folders='.length));
  const named = argv.filter((arg) => !arg.startsWith('--'));
  const roots = named.length > 0 ? named : ['src'];
  const options = { tsconfig: ts.findConfigFile(process.cwd(), ts.sys.fileExists), includeTypeOnly };
  const kind = includeTypeOnly ? 'import cycle(s), type-only imports included,' : 'import cycle(s)';
  const graph = buildImportGraph(roots, options);
  const checks = [
    { cycles: cyclesOf(graph), where: roots.join(', ') },
    ...parents.map((parent) => ({
      cycles: folderCyclesOf(graph, parent),
      where: `the folders of ${parent}`,
    })),
  ];
  let failed = false;
  for (const { cycles, where } of checks) {
    if (cycles.length === 0) {
      console.log(`No import cycles in ${where}.`);
      continue;
    }
    failed = true;
    console.error(`${cycles.length} ${kind} in ${where}:\n${describeCycles(cycles)}`);
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
