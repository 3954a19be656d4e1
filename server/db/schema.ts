// Table shapes as Kysely sees them. Booleans are stored as 0/1 integers and times as epoch
// milliseconds so that the same queries run on SQLite and PostgreSQL.
import type { Generated, Selectable } from 'kysely';
import type { AnalyticsTables } from './schema-analytics.js';
import type { ChannelTables } from './schema-channels.js';
import type { NotificationTables } from './schema-notifications.js';

export type * from './schema-analytics.js';
export type * from './schema-channels.js';
export type * from './schema-notifications.js';

export interface ProviderTable {
  mre_call_provider_id: string;
  name: string;
  description: string;
  /** JSON text, sent to the client as it is (spec 1 §3). */
  config: string;
  icon_url: string | null;
  account_id: string | null;
  endpoint: string | null;
  profile_id: string | null;
  /** The provider's bearer token (migration 008); never sent to a browser. */
  access_token: string | null;
}

export interface LanguageTable {
  id: number;
  name: string;
  code: string;
  is_rtl: number;
}

export interface UserTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password_hash: string;
  is_email_verified: number;
  is_deleted: number;
  mre_call_provider_id: string | null;
  mre_call_provider_name: string | null;
  mre_call_profile_id: string | null;
  mre_call_endpoint: string | null;
  created_at: number;
}

export interface AccessTokenTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  /** Touched at most once an hour (TOKEN_TOUCH_MS): the token expires TOKEN_TTL_DAYS after it. */
  last_used_at: number;
  revoked_at: number | null;
}

export interface EmailCodeTable {
  user_id: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
  created_at: number;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface Database {
  providers: ProviderTable;
  languages: LanguageTable;
  users: UserTable;
  access_tokens: AccessTokenTable;
  email_codes: EmailCodeTable;
  password_resets: PasswordResetTable;
}

export type User = Selectable<UserTable>;
export type Provider = Selectable<ProviderTable>;
export type Language = Selectable<LanguageTable>;

// Bots (issue 3). Declared as a second `Database` block so each area appends its own tables.
export interface BotTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  language: number;
  /** JSON text: language ids. */
  supported_languages: string;
  /** JSON text: URLs. */
  origins: string;
  allow_subpaths: number;
  avatar: string;
  custom_avatar: string | null;
  is_avatar: number;
  auto_translate: number;
  use_tts: number;
  use_ext_tts: number;
  use_stt: number;
  use_ext_stt: number;
  tts_gender: number;
  whatsapp_phone_id: string;
  whatsapp_token: string;
  telegram_token: string;
  /** JSON text: { enabled, flow_id, start_at, frequency }. */
  notification_scheduler: string;
  /** 015: the scheduler's next run not yet queued (null: the tick places it, when enabled). */
  scheduler_next_run_at: number | null;
  scheduler_last_run_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ThemeTable {
  bot_id: number;
  /** JSON text: the Theme of src/core/theme. */
  theme: string;
  updated_at: number;
}

export interface Database {
  bots: BotTable;
  themes: ThemeTable;
}

export type BotRow = Selectable<BotTable>;

// Flows and flow templates (issue 4): one row per (bot, name); 'main' is the bot's main flow.
export interface FlowTable {
  id: Generated<number>;
  bot_id: number;
  name: string;
  /** JSON text: the node list in its stored form (see server/repos/flow-nodes.ts). */
  nodes: string;
  /** Publish counter: 1 for the first save, +1 on every later one. */
  version: number;
  created_at: number;
  updated_at: number;
}

export interface PushMessageTypeTable {
  code: string;
  label: string;
  position: number;
}

export interface Database {
  flows: FlowTable;
  push_message_types: PushMessageTypeTable;
}

export type FlowRow = Selectable<FlowTable>;

// Conversations (issue 6): guest sessions, their messages, notification subscriptions.
export interface GuestSessionTable {
  /** The guest id the client keeps (a random UUID). */
  id: string;
  bot_id: number;
  /** JSON text: the GuestSession of server/runtime/session.ts. */
  state: string;
  /** Incremented by every stored turn; a turn stores only over the version it read. */
  version: number;
  created_at: number;
  updated_at: number;
  last_seen_at: number;
  /** telegram or whatsapp for a guest on a chat channel; null on the web (013_channel_guests). */
  channel: string | null;
  /** The channel's chat id (Telegram chat id, WhatsApp number); null on the web. */
  external_chat_id: string | null;
}

export interface ConversationTurnTable {
  guest_id: string;
  /** The sequence number (0, 1, 2, … per guest) of the turn's first message. */
  seq: number;
  /** JSON text: the messages the turn added, in order (StoredMessage of repos/conversation.ts). */
  messages: string;
  created_at: number;
}

export interface NotificationSubscriptionTable {
  id: Generated<number>;
  guest_id: string;
  bot_id: number;
  push_message_type: string;
  /** JSON text: the template per language code. */
  template: string;
  start_at: string;
  frequency: number;
  language_code: string;
  created_at: number;
  updated_at: number;
  /** 015: the next push not yet queued (null: the tick places it). */
  next_run_at: number | null;
  last_run_at: number | null;
}

export interface Database {
  guest_sessions: GuestSessionTable;
  conversation_turns: ConversationTurnTable;
  notification_subscriptions: NotificationSubscriptionTable;
}

// Content storage (issue 5): the elements of basic nodes, per bot and flow (see 006_content.ts).
export interface ContentTable {
  bot_id: number;
  /** The editor's id for the element, or one the server made up; unique per bot. */
  id: string;
  /** null for the main flow, else the flow template's name. */
  template_name: string | null;
  /** text, video-link, image, image-link, image-carousel or file-variable. */
  type: string;
  title: string;
  /** JSON text: texts per language, { en: image } or { en: carousel items }, or a stored file. */
  content: string;
  /** JSON text: the upload URLs (/uploads/content/…) this row owns. */
  files: string;
  reviewable: number;
  created_at: number;
  updated_at: number;
}

export interface Database {
  contents: ContentTable;
}

export type ContentRow = Selectable<ContentTable>;

// --- Background jobs (009) -----------------------------------------------------------------------

export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  dedupe_key: string | null;
  state: 'queued' | 'running' | 'done' | 'dead';
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  jobs: JobTable;
}

export type JobRow = Selectable<JobTable>;

// --- Shared state of the server instances (011, 012) ---------------------------------------------

export interface RateLimitCounterTable {
  /** The limited route and the caller's address. */
  key: string;
  window_start: number;
  window_end: number;
  hits: number;
}

export interface VoiceHistoryTable {
  guest_id: string;
  /** The realtime-ai node the turns were said at (`flow/node`). */
  node: string;
  /** JSON text: ChatMessage[], oldest first. */
  messages: string;
  updated_at: number;
}

export interface Database {
  rate_limit_counters: RateLimitCounterTable;
  voice_histories: VoiceHistoryTable;
}

// --- Knowledge sources (014) ---------------------------------------------------------------------

export interface KnowledgeSourceTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'file' | 'link' | 'video';
  name: string;
  language: number | null;
  filename: string | null;
  file_type: string | null;
  /** JSON text. */
  tags: string;
  url: string | null;
  recursive: number;
  title: string | null;
  status: 'queued' | 'extracting' | 'indexing' | 'processed' | 'failed';
  error: string | null;
  /** JSON text. */
  report: string | null;
  needs_transcript: Generated<number>;
  transcript: string | null;
  generation: Generated<number>;
  passages: Generated<number>;
  /** Bumped whenever the source's passages are replaced or removed (keys the vector cache). */
  index_version: Generated<number>;
  is_deleted: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface KnowledgePassageTable {
  id: Generated<number>;
  source_id: number;
  customer_id: number;
  position: number;
  text: string;
  heading: string | null;
  page: number | null;
  url: string | null;
  language: string | null;
  embedding: Uint8Array | null;
}

export interface KnowledgeGapTable {
  id: Generated<number>;
  customer_id: number;
  bot_id: number | null;
  question_key: string;
  question: string;
  count: number;
  last_asked_at: number;
}

export interface Database {
  knowledge_sources: KnowledgeSourceTable;
  knowledge_passages: KnowledgePassageTable;
  knowledge_gaps: KnowledgeGapTable;
}

export type KnowledgeSourceRow = Selectable<KnowledgeSourceTable>;
// Issue 20: every publish of a main flow, kept for the History panel and roll back.
export interface FlowVersionTable {
  id: Generated<number>;
  bot_id: number;
  version: number;
  /** JSON text: the stored nodes as published. */
  nodes: string;
  /** JSON text: { added, removed, changed, moved } counts against the version before. */
  summary: string;
  author_id: number | null;
  author_name: string;
  editor: string | null;
  created_at: number;
}

export interface Database {
  flow_versions: FlowVersionTable;
}

/** The parts kept in their own files (channels, analytics, notifications) join the Database here. */
export interface Database extends ChannelTables, AnalyticsTables, NotificationTables {}
