// The language-changer node: the bot speaks the node's language from here on. With "remember
// preference" the choice also outlives this run of the flow (a later restart and the language
// the widget sends do not undo it).
import type { LanguageChangerNode } from '../../../src/core/flow/index.js';
import type { NodeHandler } from '../turn.js';

export const languageChangerNode: NodeHandler<LanguageChangerNode> = {
  enter(node, turn) {
    const code = turn.ports.languageCode(node.language);
    if (code) {
      turn.session.language = code;
      if (node.rememberPreference) turn.session.preferredLanguage = code;
    }
    return turn.branch(node);
  },
};
