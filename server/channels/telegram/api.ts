// Calls to the Telegram Bot API: `POST {TELEGRAM_API_BASE}/bot{token}/{method}` with a JSON body,
// answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`.
import { ChannelApiError, reach } from '../api-error.js';
import { postJson } from '../post-json.js';

export interface TelegramApi {
  base: string;
  token: string;
}

export async function telegramCall<T = unknown>(
  api: TelegramApi,
  method: string,
  params: Record<string, unknown> = {},
  timeoutMs = 10_000,
  signal?: AbortSignal,
): Promise<T> {
  const response = await postJson(`${api.base}/bot${api.token}/${method}`, params, {}, timeoutMs, signal);
  let body: { ok?: boolean; result?: T; description?: string; parameters?: { retry_after?: number } };
  try {
    body = response.json() as typeof body;
  } catch {
    throw new ChannelApiError(`Telegram answered ${response.status} without JSON`, response.status || 502);
  }
  if (body.ok) return body.result as T;
  const retryAfter = body.parameters?.retry_after;
  throw new ChannelApiError(
    `Telegram ${method}: ${body.description ?? `error ${response.status}`}`,
    response.status,
    typeof retryAfter === 'number' ? retryAfter * 1000 : null,
  );
}

/** The bytes of a file the guest sent (getFile, then its file_path). */
export async function telegramFile(
  api: TelegramApi,
  fileId: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const file = await telegramCall<{ file_path?: string; file_size?: number }>(api, 'getFile', {
    file_id: fileId,
  });
  if (!file.file_path || (file.file_size ?? 0) > maxBytes) return null;
  const response = await reach(`${api.base}/file/bot${api.token}/${file.file_path}`, {}, 30_000);
  if (!response.ok) throw new ChannelApiError(`Telegram file download: ${response.status}`, response.status);
  const data = Buffer.from(await response.arrayBuffer());
  return data.length > maxBytes ? null : data;
}
