// What the host page may ask of the chat (spec 3 §7 Parent-page messaging): send a message,
// restart, update the custom variables, pick a course, switch light/dark, read the theme.
import { useEffect, useRef } from 'react';
import type { Theme } from '../../src/core/theme/types';
import type { HostBridge } from './host-bridge';
import type { Chat } from './use-chat';

interface Look {
  setDark(dark: boolean): void;
  /** Stops the microphone and any call: the host page withdrew the device permissions. */
  stopDevices(): void;
  theme: Theme;
  dark: boolean;
}

export function useHostEvents(bridge: HostBridge | null, chat: Chat, look: Look): void {
  const live = useRef({ chat, look });
  live.current = { chat, look };

  useEffect(() => {
    if (!bridge) return;
    const offs = [
      bridge.on('chat', (data) => {
        const text = (data as { message?: unknown } | null)?.message;
        if (typeof text === 'string') void live.current.chat.send(text);
      }),
      bridge.on('restart', () => void live.current.chat.restart()),
      bridge.on('updateCustomEnvVariables', async (data, message) => {
        const variables = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
        const { chat: current } = live.current;
        Object.assign(current.customVariables, variables);
        let status = 200;
        if (current.guestId) {
          // Spec 3 §8: a failed update is reported to the host page as status 500.
          status = await current.client.customVariables(current.guestId, variables).catch(() => 500);
        }
        bridge.send('updateCustomEnvVariables', { status: status === 200 ? 200 : 500 }, message.id);
      }),
      bridge.on('selectCourseEvent', (data) => {
        const courseId = Number((data as { courseId?: unknown } | null)?.courseId);
        if (Number.isFinite(courseId)) live.current.chat.setCourse(courseId);
      }),
      bridge.on('theme', (data) => {
        const mode = (data as { mode?: unknown } | null)?.mode;
        if (mode === 'dark' || mode === 'light') live.current.look.setDark(mode === 'dark');
      }),
      bridge.on('initCustomChat', (data) => {
        const mode = (data as { themeMode?: unknown } | null)?.themeMode;
        if (mode === 'dark' || mode === 'light') live.current.look.setDark(mode === 'dark');
      }),
      bridge.on('getTheme', () => {
        const { theme, dark } = live.current.look;
        bridge.send('theme', { mode: dark ? 'dark' : 'light', theme });
      }),
      bridge.on('stopPermissions', () => live.current.look.stopDevices()),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge]);
}
