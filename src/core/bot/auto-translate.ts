// The bot's "Translate flow content" switch (auto_translate, issue 13 §13) needs the server's AI
// endpoint: the dialog disables it with this reason, and the server refuses it with the same words.
export const AUTO_TRANSLATE_NEEDS_AI = 'Needs an AI endpoint (LLM_BASE_URL) on the server';
