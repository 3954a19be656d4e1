// The ai node (spec 2 §3): asks an OpenAI-compatible chat-completions endpoint. The prompt (with
// `${{name}}` filled in) is the request; the system instructions and, when the node uses
// knowledge sources, the passages the retriever finds go in the system message. With
// "wait for user query" the node first shows its message (when asked) and waits; the guest's
// question then goes with the prompt and is kept as USER_AI_QUERY. The answer is shown unless
// hidden, stored in the response variable, and parsed as JSON when the node expects JSON.
// Without a configured endpoint, or when it fails, the guest is told so and the flow goes on.
import type { AiNode } from '../../../src/core/flow/index.js';
import type { Citation } from '../../../src/core/widget/replies.js';
import type { ChatMessage, RetrievedPassage } from '../ports.js';
import { wait, type NodeHandler, type Outcome, type Turn } from '../turn.js';

export const AI_NOT_CONFIGURED = 'AI is not configured for this bot';
export const AI_FAILED = 'The AI could not answer right now. Please try again later.';

/** The JSON an answer holds, code fences and all; the text itself when it is not JSON. */
export function parseJsonReply(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced ? fenced[1] : text) as unknown;
  } catch {
    return text;
  }
}

/** The node's selected sources, when it uses any (no source selected: no knowledge at all). */
function knowledgeQuery(node: AiNode, query: string, turn: Turn) {
  if (!node.useNLPResources) return null;
  const { files, links, videos } = node.NLPResources;
  if (!files.length && !links.length && !videos.length) return null;
  return { query, language: turn.language, sources: node.NLPResources };
}

/** The numbered sources the answer cites: one number per source, in the order first used. */
function citationsOf(passages: readonly RetrievedPassage[]): { numbered: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const numbered = passages.map((p) => {
    const { kind, name, url, page } = p.source;
    let citation = citations.find(
      (c) => c.kind === kind && c.name === name && c.url === url && c.page === page,
    );
    if (!citation) {
      citation = { n: citations.length + 1, kind, name, ...(url ? { url } : {}), ...(page ? { page } : {}) };
      citations.push(citation);
    }
    const where = page ? `, page ${page}` : '';
    return `[${citation.n}] (${name}${where}) ${p.text}`;
  });
  return { numbered: numbered.join('\n\n'), citations };
}

async function answer(node: AiNode, query: string, waited: boolean, turn: Turn): Promise<Outcome> {
  turn.session.aiQuery = query;
  const llm = turn.ports.llm;
  if (!llm.configured) {
    turn.fallbacks++;
    turn.say({ type: 'text', content: AI_NOT_CONFIGURED });
    return turn.branch(node);
  }
  const prompt = turn.text(node.prompt);
  const asked = knowledgeQuery(node, query || prompt, turn);
  const { retrieval } = turn.ports;
  const passages = asked ? await retrieval.retrieve(asked) : [];
  if (asked && !passages.length && retrieval.noAnswerText) {
    // Nothing relevant: the node says so rather than letting the AI invent, and the author is
    // shown the question on the Knowledge page.
    await retrieval.recordGap?.(asked);
    if (node.AIResponseVariable) turn.session.variables[node.AIResponseVariable] = retrieval.noAnswerText;
    if (!node.hideAIResponse) turn.say({ type: 'ai', content: retrieval.noAnswerText });
    return turn.branch(node);
  }
  const { numbered, citations } = citationsOf(passages);
  let system = turn.text(node.systemInstructions).trim();
  if (passages.length) {
    system +=
      `${system ? '\n\n' : ''}Answer only from these numbered passages and cite them as [1], [2]; ` +
      `if they do not answer the question, say you do not know.\n\n${numbered}`;
  }
  if (node.expectJSONReply) system += `${system ? '\n\n' : ''}Reply with JSON only.`;
  const messages: ChatMessage[] = [];
  if (system) messages.push({ role: 'system', content: system });
  if (prompt.trim()) messages.push({ role: 'user', content: prompt });
  // A prompt that already places the question (${{USER_AI_QUERY}}) does not get it twice.
  const placed = /\$\{\{\s*USER_AI_QUERY\s*\}\}/.test(JSON.stringify(node.prompt));
  if (waited && query.trim() && !placed) messages.push({ role: 'user', content: query });
  if (!messages.length) return turn.branch(node);

  let text: string;
  try {
    text = await llm.chat(messages, { json: node.expectJSONReply });
  } catch {
    turn.fallbacks++;
    turn.say({ type: 'text', content: AI_FAILED });
    return turn.branch(node);
  }
  if (node.AIResponseVariable) {
    turn.session.variables[node.AIResponseVariable] = node.expectJSONReply ? parseJsonReply(text) : text;
  }
  if (!node.hideAIResponse && text.trim()) {
    turn.say(citations.length ? { type: 'ai', content: text, citations } : { type: 'ai', content: text });
  }
  return turn.branch(node);
}

export const aiNode: NodeHandler<AiNode> = {
  enter(node, turn) {
    if (!node.waitForUserQuery) return answer(node, turn.session.lastInput, false, turn);
    if (node.showMessage) turn.sayText('text', node.message);
    return wait({ kind: 'ai-query' });
  },
  resume: (node, _state, input, turn) => answer(node, input.text, true, turn),
};
