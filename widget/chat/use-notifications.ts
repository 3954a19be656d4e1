// The guest's notification switch in the chat (issue 18 item 5): once the guest is known, the chat
// reports the browser's time zone (notification-node pushes run on the guest's clock), clears the
// unread count (the guest is looking) and reads whether notifications are on; the header's bell
// switches them.
import { useCallback, useEffect, useState } from 'react';
import type { ChatClient } from './chat-api';

export function useNotifications(client: ChatClient, guestId: string | null) {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    if (!guestId) return setOn(null);
    let live = true;
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    void client
      .notifications(guestId, { seen: true, ...(timezone ? { timezone } : {}) })
      .then((answer) => live && setOn(answer ? answer.enabled : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, guestId]);
  const toggle = useCallback(() => {
    if (!guestId || on === null) return;
    void client
      .notifications(guestId, { enabled: !on })
      .then((answer) => answer && setOn(answer.enabled))
      .catch(() => undefined);
  }, [client, guestId, on]);
  return { on, toggle };
}
