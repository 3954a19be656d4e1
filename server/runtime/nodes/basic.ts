// The basic (content) node: its entries in order — content replies, delays, variables — then its
// branches. A variable that waits for input stops the node there; the guest's answer resumes it
// at the next entry.
import type { BasicNode } from '../../../src/core/flow/index.js';
import { wait, type NodeHandler, type Outcome, type Turn } from '../turn.js';
import { contentReply } from './basic-content.js';
import { acceptInput, askFor, setFromDefault, waitsForInput } from './variable-input.js';

function runEntries(node: BasicNode, from: number, turn: Turn): Outcome {
  for (let index = from; index < node.entries.length; index++) {
    const entry = node.entries[index];
    if (entry.type === 'content') {
      const reply = contentReply(entry, turn);
      if (reply) turn.say(reply);
    } else if (entry.type === 'delay') {
      if (entry.seconds > 0) turn.say({ type: 'delay', content: '', seconds: entry.seconds });
    } else if (waitsForInput(entry)) {
      askFor(entry, turn);
      return wait({ kind: 'variable', entry: index });
    } else {
      setFromDefault(entry, turn);
    }
  }
  return turn.branch(node);
}

export const basicNode: NodeHandler<BasicNode> = {
  enter: (node, turn) => runEntries(node, 0, turn),
  resume(node, state, input, turn) {
    if (state.kind !== 'variable') return runEntries(node, 0, turn);
    const entry = node.entries[state.entry];
    // The flow was republished under the guest: carry on from where the entry was.
    if (!entry || entry.type !== 'variable' || !waitsForInput(entry)) {
      return runEntries(node, state.entry + 1, turn);
    }
    if (!acceptInput(entry, input, turn)) return wait(state);
    return runEntries(node, state.entry + 1, turn);
  },
};
