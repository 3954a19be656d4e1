import { PREDEFINED_VARIABLES } from '../../../core/condition';
import type { FlowNode } from '../../../core/flow';

// The variable names a flow declares, for the editor's pickers (a carousel's list or file
// variable). Names come from every place a node stores a value under a name.

export interface FlowVariables {
  all: string[];
  files: string[];
}

export function flowVariables(nodes: Iterable<FlowNode>): FlowVariables {
  const all = new Set<string>();
  const files = new Set<string>();
  const add = (name: unknown) => {
    if (typeof name === 'string' && name.trim()) all.add(name.trim());
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'basic':
        for (const entry of node.entries ?? []) {
          if (entry.type !== 'variable') continue;
          add(entry.name);
          if (entry.variableType === 'file' && entry.name) files.add(entry.name);
        }
        break;
      case 'api':
        add(node.store?.name);
        add(node.store?.statusCodeVariable);
        break;
      case 'wizard':
        add(node.store?.name);
        for (const field of node.wizard?.fields ?? []) add(field.attr);
        break;
      case 'ai':
        add(node.AIResponseVariable);
        break;
      case 'device-permission':
        add(node.latName);
        add(node.longName);
        break;
    }
  }
  for (const variable of PREDEFINED_VARIABLES) all.add(variable.name);
  return { all: [...all].sort(), files: [...files].sort() };
}
