// The call providers a call node can use (spec 2 §3 Provider). A customer reaches calls through
// the provider they signed up with, with the profile and endpoint recorded then; the provider's
// own record fills what the sign-up left out. The provider's access token is never sent: the
// server places calls on the bot's behalf, the editor only needs to name the provider.
import type { Kysely } from 'kysely';
import type { Database, User } from '../../db/schema.js';
import { findProvider } from '../../repos/providers.js';

export interface FlowProvider {
  id: string;
  name: string;
  mre_call_provider_id: string;
  endpoint: string | null;
  profile_id: string | null;
  access_token: null;
}

export async function providersOf(db: Kysely<Database>, user: User): Promise<FlowProvider[]> {
  const id = user.mre_call_provider_id;
  if (!id) return [];
  const provider = await findProvider(db, id);
  return [
    {
      id,
      name: user.mre_call_provider_name || provider?.name || id,
      mre_call_provider_id: id,
      endpoint: user.mre_call_endpoint || provider?.endpoint || null,
      profile_id: user.mre_call_profile_id || provider?.profile_id || null,
      access_token: null,
    },
  ];
}
