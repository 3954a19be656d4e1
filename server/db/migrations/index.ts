import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_accounts.js';
import * as m002 from './002_bots.js';
import * as m003 from './003_accounts_extra.js';
import * as m004 from './004_flows.js';
import * as m005 from './005_chat.js';
import * as m006 from './006_content.js';
import * as m007 from './007_conversation_turns.js';
import * as m008 from './008_provider_access_token.js';
import * as m009 from './009_jobs.js';
import * as m010 from './010_token_last_used.js';
import * as m011 from './011_rate_limit_counters.js';
import * as m012 from './012_voice_histories.js';
import * as m013 from './013_channel_guests.js';
import * as m013b from './013b_channels.js';
import * as m014 from './014_knowledge.js';
import * as m015 from './015_notifications.js';
import * as m016 from './016_analytics.js';
import * as m017 from './017_flow_versions.js';
import * as m018d17 from './018d17_knowledge_search.js';
import * as m018c from './018c_channel_pace.js';
import * as m018f from './018f_analytics_rollups.js';
import * as m019e from './019e_analytics_days.js';
import * as m019h from './019h_conversation_search.js';
import * as m020c from './020c_conversation_search_rolled.js';
import * as m020d from './020d_conversation_search_rolled_pg.js';
import * as m021 from './021_analytics_turns.js';
import * as m022 from './022_analytics_reached.js';
import * as m023 from './023_analytics_turns_lz4.js';

/**
 * Numbered, forward-only migrations. A static list (rather than reading the folder) keeps them
 * working however the server is started or bundled. Add a new file and list it here.
 */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_bots': m002,
  '003_accounts_extra': m003,
  '004_flows': m004,
  '005_chat': m005,
  '006_content': m006,
  '007_conversation_turns': m007,
  '008_provider_access_token': m008,
  '009_jobs': m009,
  '010_token_last_used': m010,
  '011_rate_limit_counters': m011,
  '012_voice_histories': m012,
  '013_channel_guests': m013,
  '013b_channels': m013b,
  '014_knowledge': m014,
  '015_notifications': m015,
  '016_analytics': m016,
  '017_flow_versions': m017,
  '018d17_knowledge_search': m018d17,
  '018c_channel_pace': m018c,
  '018f_analytics_rollups': m018f,
  '019e_analytics_days': m019e,
  '019h_conversation_search': m019h,
  '020c_conversation_search_rolled': m020c,
  '020d_conversation_search_rolled_pg': m020d,
  '021_analytics_turns': m021,
  '022_analytics_reached': m022,
  '023_analytics_turns_lz4': m023,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
