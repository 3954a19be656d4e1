import { create } from 'zustand';
import { fetchUserInfo, logout as logoutCall, type Language, type UserInfo } from './auth';
import { clearAccessToken, getAccessToken } from './storage';
import { sessionStateOf, type SessionState } from '../core/session/route-sets';

interface SessionStore {
  /** "loading" until the first user-info answer (or at once when there is no token). */
  status: SessionState | 'loading';
  user: UserInfo | null;
  /** Languages and preset avatars arrive with the user info; the bot dialog reads them here. */
  languages: Language[];
  defaultAvatars: string[];
  /** Whether the server can translate flow content (it has an AI endpoint). */
  llmAvailable: boolean;
  /** Reads the signed-in user; a failure removes the token (spec 3 §4 Authentication). */
  load: () => Promise<SessionState>;
  logout: () => Promise<void>;
}

export const useSessionStore = create<SessionStore>((set) => ({
  status: 'loading',
  user: null,
  languages: [],
  defaultAvatars: [],
  llmAvailable: false,
  load: async () => {
    if (!getAccessToken()) {
      set({ status: 'signedOut', user: null });
      return 'signedOut';
    }
    try {
      const info = await fetchUserInfo();
      if (!info.success) throw new Error(info.message || 'Unable to read the user');
      const status = sessionStateOf(info.user_info);
      set({
        status,
        user: info.user_info,
        languages: info.languages,
        defaultAvatars: info.default_avatars,
        llmAvailable: info.llm_available,
      });
      return status;
    } catch (error) {
      console.warn('user-info failed; signing out', error);
      clearAccessToken();
      set({ status: 'signedOut', user: null });
      return 'signedOut';
    }
  },
  logout: async () => {
    try {
      await logoutCall();
    } catch (error) {
      // The token is dropped locally whatever the server says: the user asked to leave.
      console.warn('logout call failed', error);
    }
    clearAccessToken();
    window.location.replace('/');
  },
}));
