import { PREDEFINED_VARIABLES } from '../condition';
import type { FlowNode } from '../flow';
import { PLACEHOLDER } from '../text/variable-path';

// Which variables a node sets and which it reads (`${{name…}}` in any of its texts), for the
// "read but never set" rule. Only the first step of a path is the variable (`user` of `user.name`).

const PREDEFINED = new Set<string>(PREDEFINED_VARIABLES.map((v) => v.name));

/** The variable names the node stores a value into. */
export function variablesSet(node: FlowNode): string[] {
  const names: string[] = [];
  const add = (name: unknown) => typeof name === 'string' && name.trim() && names.push(name.trim());
  switch (node.type) {
    case 'basic':
      for (const entry of node.entries) if (entry.type === 'variable') add(entry.name);
      for (const v of [...(node.json_variables ?? []), ...(node.file_variables ?? [])]) add(v.name);
      break;
    case 'api':
      add(node.store.name);
      add(node.store.statusCodeVariable);
      break;
    case 'wizard':
      add(node.store.name);
      for (const field of node.wizard.fields) add(field.attr);
      break;
    case 'ai':
      add(node.AIResponseVariable);
      break;
    case 'device-permission':
      add(node.latName);
      add(node.longName);
      break;
  }
  return names;
}

/** The variable names the node's texts read (predefined ones left out: they are always set). */
export function variablesRead(node: FlowNode): string[] {
  const names = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (!value.includes('${{')) return;
      for (const match of value.matchAll(PLACEHOLDER)) {
        const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(match[1])?.[0];
        if (name && !PREDEFINED.has(name)) names.add(name);
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(node);
  return [...names];
}
