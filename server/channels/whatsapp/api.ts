// Calls to the WhatsApp Cloud API (Meta's Graph API): `POST {WHATSAPP_API_BASE}/{phone_number_id}/
// messages` with `Authorization: Bearer {token}`, answered `{ messages: [{ id }] }` or a Graph
// error `{ error: { message, code } }`; media by `GET /{media_id}` (its url), then the url.
import { ChannelApiError, reach } from '../api-error.js';

export interface WhatsAppApi {
  base: string;
  phoneNumberId: string;
  token: string;
}

async function graphJson<T>(response: Response, what: string): Promise<T> {
  let body: { error?: { message?: string; code?: number } } & T;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ChannelApiError(`WhatsApp ${what}: ${response.status} without JSON`, response.status || 502);
  }
  if (response.ok && !body.error) return body;
  const retryAfter = Number(response.headers.get('retry-after'));
  const code = body.error?.code ? ` (code ${body.error.code})` : '';
  throw new ChannelApiError(
    `WhatsApp ${what}: ${body.error?.message ?? `error ${response.status}`}${code}`,
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  );
}

/** Sends one message; answers its wamid. */
export async function whatsappSend(api: WhatsAppApi, body: unknown): Promise<string | null> {
  const response = await reach(
    `${api.base}/${encodeURIComponent(api.phoneNumberId)}/messages`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
      body: JSON.stringify(body),
    },
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
    await reach(`${api.base}/${encodeURIComponent(mediaId)}`, { headers }, 10_000),
    'media',
  );
  if (!info.url || (info.file_size ?? 0) > maxBytes) return null;
  const response = await reach(info.url, { headers }, 30_000);
  if (!response.ok) throw new ChannelApiError(`WhatsApp media download: ${response.status}`, response.status);
  const data = Buffer.from(await response.arrayBuffer());
  return data.length > maxBytes ? null : { data, mimeType: info.mime_type ?? '' };
}
