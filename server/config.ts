import path from 'node:path';
import { parsePushSources } from './notifications/push-source.js';

/** Everything the server reads from the environment, with the defaults the README lists. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL selects PostgreSQL; empty means SQLite in `dataDir`. */
  databaseUrl: string;
  /** Postgres schema to use (tests isolate themselves in their own schema). */
  databaseSchema?: string;
  /** The address users reach the server at; prefixes relative avatar URLs and e-mailed links. */
  publicUrl: string;
  smtpUrl: string;
  mailFrom: string;
  providersFile: string;
  /**
   * The built-in call provider's API (spec 3 §7 "Call provider backend") and its bearer token.
   * Without an endpoint every call node ends with the "configuration issue" message.
   */
  callProviderEndpoint: string;
  callProviderToken: string;
  llmBaseUrl: string;
  llmApiKey: string;
  llmModel: string;
  /**
   * The embeddings model at LLM_BASE_URL (/v1/embeddings) for knowledge passages; empty: search
   * is lexical (BM25) only.
   */
  embeddingsModel: string;
  /** Where YouTube video pages, oEmbed and captions are fetched from (tests use a local fake). */
  youtubeBaseUrl: string;
  /** What an AI node says when no knowledge passage answers the question. */
  knowledgeNoAnswerText: string;
  telegramApiBase: string;
  /** 'polling' runs a getUpdates loop instead of webhooks (development without public HTTPS). */
  telegramMode: 'webhook' | 'polling';
  /** Telegram sends to one chat: one per this many ms past a short burst (groups: ≥ 3 s); 0: unpaced. */
  telegramChatIntervalMs: number;
  /** Telegram sends per second per bot token, across the server instances; 0: unpaced. */
  telegramSendsPerSecond: number;
  whatsappApiBase: string;
  /** The token Meta's webhook verification handshake must present (hub.verify_token). */
  whatsappVerifyToken: string;
  /** The app secret WhatsApp webhooks are signed with (X-Hub-Signature-256). */
  whatsappAppSecret: string;
  /** Encrypts channel tokens at rest; empty: a secret generated into DATA_DIR/secret.key. */
  secretKey: string;
  /** The first retry delay of a channel send that failed without a retry_after (doubles after). */
  channelRetryBaseMs: number;
  /**
   * Channel conversations one instance works on at once (CHANNEL_TURNS_CONCURRENCY), on a runner
   * of their own: a turn mostly waits for the database and the channel's API.
   */
  channelTurnsConcurrency: number;
  allowPrivateTargets: boolean;
  /** PUSH_MESSAGE_SOURCES: push message type → JSON source URL whose fields fill placeholders. */
  pushMessageSources: Record<string, string>;
  /**
   * Host names knowledge links and videos may fetch although they are private (an intranet
   * wiki; the tests' local fakes under *.localhost), with ALLOW_PRIVATE_TARGETS off.
   */
  allowedPrivateHosts: string[];
  /** Requests per minute per address on login, signup, confirm, resend and password calls. */
  authRateLimit: number;
  /** Redis for the auth rate limit's counters (shared by every instance); empty: the database. */
  redisUrl: string;
  /** Prefix of this deployment's keys in that Redis. */
  redisKeyPrefix: string;
  /** Folder holding the built app and widget (`vite build` output). */
  distDir: string;
  logLevel: string;
  /** Days an access token stays valid after its last use (a sliding expiry). */
  tokenTtlDays: number;
  /** Trust X-Forwarded-For (only behind a proxy that sets it); rate limits count by that address. */
  trustProxy: boolean;
  /** Run the notification engine's minute tick (NOTIFICATION_TICKS=0 leaves it to other instances or tests). */
  notificationTicks: boolean;
  /** Guests per notification delivery job (one read, one step each, one write for them all). */
  notificationBatch: number;
  /** Jobs one instance runs at once (notification deliveries wait on the database, not the CPU). */
  jobsConcurrency: number;
  /** How long a claimed job is its runner's before another may take it (a runner that died). */
  jobsLeaseMs: number;
  /** Record analytics with every turn (issue 19); ANALYTICS=off turns it off (the bench compares). */
  analytics: boolean;
  /** Days raw analytics events are kept before the purge job removes them (rollups stay). */
  analyticsRetentionDays: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? '',
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'BotFlow <no-reply@botflow.local>',
    providersFile: env.PROVIDERS_FILE ?? '',
    callProviderEndpoint: (env.CALL_PROVIDER_ENDPOINT ?? '').replace(/\/+$/, ''),
    callProviderToken: env.CALL_PROVIDER_TOKEN ?? '',
    llmBaseUrl: env.LLM_BASE_URL ?? '',
    llmApiKey: env.LLM_API_KEY ?? '',
    llmModel: env.LLM_MODEL ?? 'gpt-4o-mini',
    embeddingsModel: env.EMBEDDINGS_MODEL ?? '',
    youtubeBaseUrl: (env.YOUTUBE_BASE_URL ?? 'https://www.youtube.com').replace(/\/+$/, ''),
    knowledgeNoAnswerText:
      env.KNOWLEDGE_NO_ANSWER_TEXT ?? "Sorry, I couldn't find anything about that in my knowledge sources.",
    telegramApiBase: (env.TELEGRAM_API_BASE ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    telegramMode: env.TELEGRAM_MODE === 'polling' ? 'polling' : 'webhook',
    telegramChatIntervalMs: nonNegativeNumber(env.TELEGRAM_CHAT_INTERVAL_MS, 1000),
    telegramSendsPerSecond: nonNegativeNumber(env.TELEGRAM_SENDS_PER_SECOND, 30),
    whatsappApiBase: (env.WHATSAPP_API_BASE ?? 'https://graph.facebook.com/v20.0').replace(/\/+$/, ''),
    whatsappVerifyToken: env.WHATSAPP_VERIFY_TOKEN ?? '',
    whatsappAppSecret: env.WHATSAPP_APP_SECRET ?? '',
    channelRetryBaseMs: positiveNumber(env.CHANNEL_RETRY_BASE_MS, 1000),
    channelTurnsConcurrency: positiveNumber(env.CHANNEL_TURNS_CONCURRENCY, 64),
    secretKey: env.SECRET_KEY ?? '',
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS === '1',
    pushMessageSources: parsePushSources(env.PUSH_MESSAGE_SOURCES),
    allowedPrivateHosts: (env.ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    redisUrl: env.REDIS_URL ?? '',
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'botflow:',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    tokenTtlDays: positiveNumber(env.TOKEN_TTL_DAYS, 30),
    notificationTicks: env.NOTIFICATION_TICKS !== '0',
    notificationBatch: positiveNumber(env.NOTIFICATION_BATCH, 100),
    jobsConcurrency: positiveNumber(env.JOBS_CONCURRENCY, 16),
    jobsLeaseMs: positiveNumber(env.JOBS_LEASE_MS, 60_000),
    analytics: env.ANALYTICS !== 'off',
    analyticsRetentionDays: positiveNumber(env.ANALYTICS_RETENTION_DAYS, 90),
  };
}

function nonNegativeNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}
