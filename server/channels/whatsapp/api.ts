// Calls to the WhatsApp Cloud API (Meta's Graph API): `POST {WHATSAPP_API_BASE}/{phone_number_id}/
// messages` with `Authorization: Bearer {token}`, answered `{ messages: [{ id }] }` or a Graph
// error `{ error: { message, code } }`; media by `GET /{media_id}` (its url), then the url.
import { ChannelApiError, reach } from '../api-error.js';
import { postJson } from '../post-json.js';

export interface WhatsAppApi {
  base: string;
  phoneNumberId: string;
  token: string;
}

/** A Graph API answer, from `fetch` or postJson. */
interface GraphAnswer {
  status: number;
  header(name: string): string | null | undefined;
  json(): unknown;
}

const fromFetch = (response: Response): GraphAnswer => {
  let body: Promise<unknown> | null = null;
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    json: () => (body ??= response.json()),
  };
};

async function graphJson<T>(response: GraphAnswer, what: string): Promise<T> {
  let body: { error?: { message?: string; code?: number } } & T;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ChannelApiError(`WhatsApp ${what}: ${response.status} without JSON`, response.status || 502);
  }
  const ok = response.status >= 200 && response.status < 300;
  if (ok && !body.error) return body;
  const retryAfter = Number(response.header('retry-after'));
  const code = body.error?.code ? ` (code ${body.error.code})` : '';
  throw new ChannelApiError(
    `WhatsApp ${what}: ${body.error?.message ?? `error ${response.status}`}${code}`,
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  );
}

/** Sends one message; answers its wamid. */
export async function whatsappSend(api: WhatsAppApi, body: unknown): Promise<string | null> {
  const response = await postJson(
    `${api.base}/${encodeURIComponent(api.phoneNumberId)}/messages`,
    body,
    { authorization: `Bearer ${api.token}` },
    10_000,
  );
  const answer = await graphJson<{ messages?: { id?: string }[] }>(response, 'send');
  return answer.messages?.[0]?.id ?? null;
}

/** The bytes and type of media the guest sent (its id in the webhook). */
export async function whatsappMedia(
  api: WhatsAppApi,
  mediaId: string,
  maxBytes: number,
): Promise<{ data: Buffer; mimeType: string } | null> {
  const headers = { authorization: `Bearer ${api.token}` };
  const info = await graphJson<{ url?: string; mime_type?: string; file_size?: number }>(
    fromFetch(await reach(`${api.base}/${encodeURIComponent(mediaId)}`, { headers }, 10_000)),
    'media',
  );
  if (!info.url || (info.file_size ?? 0) > maxBytes) return null;
  const response = await reach(info.url, { headers }, 30_000);
  if (!response.ok) throw new ChannelApiError(`WhatsApp media download: ${response.status}`, response.status);
  const data = Buffer.from(await response.arrayBuffer());
  return data.length > maxBytes ? null : { data, mimeType: info.mime_type ?? '' };
}
