// The language-changer node: the bot speaks the node's language from here on — later turns too,
// whatever language the client sends with them (chat-service.ts prepare()). With "remember
// preference" it is also kept as the guest's preferred language.
import type { LanguageChangerNode } from '../../../src/core/flow/index.js';
import type { NodeHandler } from '../turn.js';

export const languageChangerNode: NodeHandler<LanguageChangerNode> = {
  enter(node, turn) {
    const code = turn.ports.languageCode(node.language);
    if (code) {
      turn.session.language = code;
      turn.session.languageChosen = true;
      if (node.rememberPreference) turn.session.preferredLanguage = code;
    }
    return turn.branch(node);
  },
};
