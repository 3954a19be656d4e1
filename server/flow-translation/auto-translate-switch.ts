// Turning "Translate flow content" on is refused while the server has no AI endpoint: the switch
// would promise translations that can never happen. A bot already on keeps its switch (its other
// fields stay editable); its publishes then say the translation was skipped.
import type { FastifyInstance } from 'fastify';
import { chatServiceOf } from '../conversations/registry.js';

/** Whether the server can reach an OpenAI-compatible endpoint (LLM_BASE_URL is set). */
export function aiAvailable(app: FastifyInstance): boolean {
  return chatServiceOf(app).ports.llm.configured;
}

/** True when this save turns auto_translate on and nothing could translate. */
export function refusesAutoTranslate(app: FastifyInstance, wasOn: boolean, isOn: boolean): boolean {
  return isOn && !wasOn && !aiAvailable(app);
}
