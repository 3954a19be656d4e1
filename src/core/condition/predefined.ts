/**
 * Variables every flow can read without declaring them (spec 2 §9). To the condition language
 * they are ordinary identifiers; the list is for the editor's hints and the runtime's session.
 */
export const PREDEFINED_VARIABLES = [
  { name: 'ENVIRONMENT', type: 'string', description: 'web, whatsapp or telegram' },
  { name: 'ENV_COURSE_ID', type: 'number', description: 'the course id of the environment' },
  { name: 'USER_LAST_INPUT', type: 'string', description: "the user's last message" },
  { name: 'USER_AI_QUERY', type: 'string', description: "the user's last question to the AI" },
  { name: 'WA_NUMBER', type: 'string', description: "the user's WhatsApp number" },
] as const;

export type PredefinedVariable = (typeof PREDEFINED_VARIABLES)[number]['name'];
