// The wizard node (spec 2 §3): asks each field in turn with its feedback sentence, checks the
// answer by the field's type (src/core/wizard/answers.ts), and repeats the whole form for the
// configured iterations. Each answer is also set as its field's variable (so later texts can say
// `${{name}}`); the filled forms are stored as a list under the store name, each with its pass's
// `index`. A repeating wizard says where the guest is ("2 of 3", src/core/wizard/progress.ts):
// `offsite` is the number the first pass is given.
import type { WizardNode } from '../../../src/core/flow/index.js';
import { passIndex, wizardProgress } from '../../../src/core/wizard/index.js';
import type { WaitState } from '../session.js';
import { wait, type NodeHandler, type Outcome, type Turn } from '../turn.js';
import { checkAnswer, fieldButtons } from './wizard-fields.js';

type WizardState = Extract<WaitState, { kind: 'wizard' }>;

function ask(node: WizardNode, state: WizardState, turn: Turn): Outcome {
  const field = node.wizard.fields[state.field];
  const options = fieldButtons(field, turn.language);
  const content = turn.text(field.feedback);
  const translations = turn.translations(field.feedback);
  const progress = wizardProgress(node.wizard, state.iteration);
  turn.say({
    type: 'wizard',
    content,
    field: { type: field.type, attr: field.attr, ...(options ? { options } : {}) },
    ...(progress ? { progress } : {}),
    ...(translations ? { translations } : {}),
  });
  // A password step hides what the guest types, as a password variable does.
  if (field.type === 'password') turn.say({ type: 'input', content: '', input: 'password' });
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
    // Stored masked, even when refused: it was meant as a password.
    if (field.type === 'password') turn.secretInput = true;
    const checked = checkAnswer(field, input.text, turn.language);
    if (!checked.ok) {
      turn.fallbacks++;
      turn.say({ type: 'text', content: checked.message });
      return ask(node, state, turn);
    }
    const current = { ...state.current, [field.attr]: checked.value };
    if (field.attr) turn.session.variables[field.attr] = checked.value;
    if (state.field + 1 < fields.length)
      return ask(node, { ...state, field: state.field + 1, current }, turn);
    // The pass's number is the form's `index` (a step saved as "index" gives way to it).
    const answers = [
      ...state.answers,
      { ...current, index: passIndex(node.wizard.offsite, state.iteration) },
    ];
    const iterations = Math.max(1, Math.floor(node.wizard.iterations));
    if (answers.length >= iterations) return finish(node, answers, turn);
    return ask(
      node,
      { kind: 'wizard', iteration: state.iteration + 1, field: 0, answers, current: {} },
      turn,
    );
  },
};
