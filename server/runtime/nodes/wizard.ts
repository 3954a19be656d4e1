// The wizard node (spec 2 §3): asks each field in turn with its feedback sentence, checks the
// answer by the field's type, and repeats the whole form for the configured iterations. Each
// answer is also set as its field's variable (so later texts can say `${{name}}`); the filled
// forms are stored as a list under the store name. (`offsite` has no behaviour the spec describes;
// it is kept as saved.)
import type { WizardNode } from '../../../src/core/flow/index.js';
import type { WaitState } from '../session.js';
import { wait, type NodeHandler, type Outcome, type Turn } from '../turn.js';
import { checkAnswer, fieldButtons } from './wizard-fields.js';

type WizardState = Extract<WaitState, { kind: 'wizard' }>;

function ask(node: WizardNode, state: WizardState, turn: Turn): Outcome {
  const field = node.wizard.fields[state.field];
  const options = fieldButtons(field, turn.language);
  const content = turn.text(field.feedback);
  const translations = turn.translations(field.feedback);
  turn.say({
    type: 'wizard',
    content,
    field: { type: field.type, attr: field.attr, ...(options ? { options } : {}) },
    ...(translations ? { translations } : {}),
  });
  return wait(state);
}

function finish(node: WizardNode, answers: Record<string, unknown>[], turn: Turn): Outcome {
  if (node.store.name) turn.session.variables[node.store.name] = answers;
  return turn.branch(node);
}

export const wizardNode: NodeHandler<WizardNode> = {
  enter(node, turn) {
    if (!node.wizard.fields.length) return finish(node, [], turn);
    return ask(node, { kind: 'wizard', iteration: 0, field: 0, answers: [], current: {} }, turn);
  },
  resume(node, state, input, turn) {
    const fields = node.wizard.fields;
    if (state.kind !== 'wizard' || state.field >= fields.length) return wizardNode.enter(node, turn);
    const field = fields[state.field];
    const checked = checkAnswer(field, input.text, turn.language);
    if (!checked.ok) {
      turn.say({ type: 'text', content: checked.message });
      return ask(node, state, turn);
    }
    const current = { ...state.current, [field.attr]: checked.value };
    if (field.attr) turn.session.variables[field.attr] = checked.value;
    if (state.field + 1 < fields.length)
      return ask(node, { ...state, field: state.field + 1, current }, turn);
    const answers = [...state.answers, current];
    const iterations = Math.max(1, Math.floor(node.wizard.iterations));
    if (answers.length >= iterations) return finish(node, answers, turn);
    return ask(
      node,
      { kind: 'wizard', iteration: state.iteration + 1, field: 0, answers, current: {} },
      turn,
    );
  },
};
