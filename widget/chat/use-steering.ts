// Replies that make the chat act rather than show (spec 3 §4): the guest's location, calls with a
// human agent and realtime AI (use-realtime.ts). Calls and realtime AI work only inside the
// embedded widget (spec 3 §2); elsewhere the guest is told so and the flow is let go on.
import { useCallback, useRef } from 'react';
import { WIDGET_TEXTS } from '../../src/core/widget/constants';
import type { SteeringReply } from '../../src/core/widget/reply-queue';
import { CALL_ENDED, REALTIME_AI_ENDED, UNKNOWN_LOCATION, type ReplyOf } from '../../src/core/widget/replies';
import { startCall, type CallHandle } from './call-session';
import type { ChatClient } from './chat-api';
import type { HostBridge } from './host-bridge';
import type { Chat } from './use-chat';

const LOCATION_TIMEOUT_MS = 15000;

function position(data: unknown): string | null {
  const place = data as { latitude?: unknown; longitude?: unknown } | null;
  return typeof place?.latitude === 'number' && typeof place.longitude === 'number'
    ? `${place.latitude},${place.longitude}`
    : null;
}

/** Asks the host page (embedded) or this page's browser for the location. */
function locate(bridge: HostBridge | null): Promise<string> {
  if (bridge) {
    return bridge
      .ask('getGeoLocation', {}, LOCATION_TIMEOUT_MS)
      .then((answer) => position(answer) ?? UNKNOWN_LOCATION);
  }
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(UNKNOWN_LOCATION);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(`${coords.latitude},${coords.longitude}`),
      () => resolve(UNKNOWN_LOCATION),
      { timeout: LOCATION_TIMEOUT_MS },
    );
  });
}

export function useSteering(
  chatRef: { current: Chat | null },
  client: ChatClient,
  bridge: HostBridge | null,
  startRealtime: (reply: ReplyOf<'realtime-ai'>) => void,
) {
  const call = useRef<CallHandle | null>(null);

  const say = (text: string) => chatRef.current?.addLocal({ type: 'text', content: text }, 'bot');
  const answer = (text: string) => chatRef.current?.send(text, { silent: true });

  const placeCall = useCallback(
    (reply: ReplyOf<'call'>) => {
      if (!bridge) {
        say(WIDGET_TEXTS.callOutsideWidget);
        return void answer(CALL_ENDED);
      }
      const guestId = chatRef.current?.guestId;
      if (!guestId) {
        say(WIDGET_TEXTS.callMisconfigured);
        return void answer(CALL_ENDED);
      }
      chatRef.current?.changeMode({ type: 'call-started' });
      call.current = startCall(reply, client.callRelay(guestId), bridge, {
        onProblem: say,
        onEnded() {
          call.current = null;
          chatRef.current?.changeMode({ type: 'call-ended' });
          bridge.send('stopPermissions');
          void answer(CALL_ENDED);
        },
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bridge, client],
  );

  const steer = useCallback(
    (reply: SteeringReply) => {
      if (reply.type === 'device-permission') void locate(bridge).then(answer);
      else if (reply.type === 'call') placeCall(reply);
      else if (reply.type === 'realtime-ai') {
        if (bridge) return startRealtime(reply);
        say(WIDGET_TEXTS.realtimeOutsideWidget);
        void answer(REALTIME_AI_ENDED);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bridge, placeCall, startRealtime],
  );

  const endCall = useCallback(() => call.current?.end(), []);
  return { steer, endCall };
}
