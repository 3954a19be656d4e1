// One turn of a conversation as the node handlers see it: the session being changed, the ports,
// the replies said so far, and the helpers every node needs (texts in the guest's language with
// `${{name}}` filled in, branch choice).
import type { FlowNode } from '../../src/core/flow/index.js';
import { interpolate } from '../../src/core/text/interpolate.js';
import { chooseBranch } from './branches.js';
import { pickText, translationsOf, type LangText } from './language.js';
import type { RunnableFlow, RuntimePorts } from './ports.js';
import type { RenderedReply } from './replies.js';
import { sessionScope, type GuestSession, type TurnInput, type WaitState } from './session.js';

/** What a node does next: go to a node (null: this path ends), wait for the guest, or run a template. */
export type Outcome =
  | { kind: 'go'; to: string | null }
  | { kind: 'wait'; wait: WaitState }
  | { kind: 'template'; flow: RunnableFlow };

export const go = (to: string | null): Outcome => ({ kind: 'go', to });
export const wait = (state: WaitState): Outcome => ({ kind: 'wait', wait: state });

export class Turn {
  readonly replies: RenderedReply[] = [];
  /** Set when the guest's input was a password: the stored conversation shows it masked. */
  secretInput = false;
  /** Answers the flow could not take this turn (analytics' fallback rate). */
  fallbacks = 0;

  constructor(
    readonly session: GuestSession,
    readonly ports: RuntimePorts,
  ) {}

  get language(): string {
    return this.session.language;
  }

  say(reply: RenderedReply): void {
    this.replies.push({ ...reply, languageCode: this.language });
  }

  /** What conditions and placeholders read now (recomputed: nodes change variables as they go). */
  scope(): Record<string, unknown> {
    return sessionScope(this.session);
  }

  fill(text: string): string {
    return text.includes('${{') ? interpolate(text, this.scope()) : text;
  }

  /** A per-language text in the guest's language, placeholders filled. */
  text(text: LangText | undefined): string {
    return this.fill(pickText(text, this.language));
  }

  /** The same text rendered in every language the node has, for a later language switch. */
  translations(text: LangText | undefined): Record<string, string> | undefined {
    if (!text || Object.keys(text).length < 2) return undefined;
    const scope = this.scope();
    return translationsOf(text, this.language, (raw) => interpolate(raw, scope));
  }

  /** Says a per-language text as a reply of `type` (skipped when the text is empty). */
  sayText(type: 'text' | 'choices-message' | 'ai', text: LangText | undefined): void {
    const content = this.text(text);
    if (!content.trim()) return;
    const translations = this.translations(text);
    this.say(translations ? { type, content, translations } : { type, content });
  }

  /** The node's next step by its branch conditions (its default branch last). */
  branch(node: FlowNode): Outcome {
    return go(chooseBranch(node.next, this.scope()));
  }
}

/** One node type's behaviour: what it does when the flow reaches it, and when the guest answers. */
export interface NodeHandler<N extends FlowNode = FlowNode> {
  enter(node: N, turn: Turn): Promise<Outcome> | Outcome;
  resume?(node: N, state: WaitState, input: TurnInput, turn: Turn): Promise<Outcome> | Outcome;
}
