/** One thing wrong with a node: the field it is on (a path such as `entries.2.content.title`). */
export interface Problem {
  field: string;
  message: string;
}

/** What validation needs to know about the bot and the flow beyond the node itself. */
export interface ValidationContext {
  /** The bot's supported languages; a language-changer node must target one of them. */
  supportedLanguages: readonly { id: number | string; code: string }[];
  /** Texts must be filled in this language (spec 2 §1: en unless the bot says otherwise). */
  defaultLanguageCode: string;
  /** The flow templates a flow-template node may run. */
  templateNames: readonly string[];
  /** Call providers; a call node must name one when any exist. */
  providers: readonly { id: number | string }[];
  /** Push message type codes (GET /api/flow `push_message_types`). */
  pushMessageTypes: readonly string[];
}

/** Each per-type check appends to one list, so a whole flow is checked with few allocations. */
export type Check<N> = (node: N, context: ValidationContext, problems: Problem[]) => void;
