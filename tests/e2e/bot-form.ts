// The bot dialog's form as POST /api/bot takes it, for specs that create bots through the API:
// every field with a plain value, and `changes` on top.
export function botForm(name: string, changes: Record<string, string> = {}): Record<string, string> {
  return {
    name,
    description: `${name} answers questions`,
    language: '2',
    supported_languages: '2,3',
    origins: 'https://shop.example.com',
    allow_subpaths: 'true',
    avatar: '',
    is_avatar: 'false',
    auto_translate: 'false',
    use_tts: 'false',
    use_ext_tts: 'false',
    use_stt: 'false',
    use_ext_stt: 'false',
    tts_gender: '2',
    whatsapp_phone_id: '',
    whatsapp_token: '',
    telegram_token: '',
    notification_scheduler: JSON.stringify({ enabled: false, flow_id: 1, start_at: '12:00', frequency: 24 }),
    ...changes,
  };
}
