import { create } from 'zustand';
import { storageKeys } from '../../api/storage';
import { activeBotAfterDelete, chooseActiveBot } from '../../core/bot/dialog-rules';
import { exportFileName } from '../../core/bot/export-name';
import type { BotChanges, BotCreateRequest } from '../../core/api/bots';
import type { Bot } from '../../core/bot/types';
import * as botsApi from './bots-api';

function storedActiveBot(): number | null {
  const stored = Number(localStorage.getItem(storageKeys.activeBot));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

function persistActiveBot(id: number | null): void {
  if (id === null) localStorage.removeItem(storageKeys.activeBot);
  else localStorage.setItem(storageKeys.activeBot, String(id));
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download synchronously; the address can go once the task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface BotsStore {
  bots: Bot[];
  /** True until the first list answer (the page shows three placeholders meanwhile). */
  loading: boolean;
  loadError: string | null;
  /** A bot request is running; buttons that would start another one show it. */
  pending: boolean;
  activeBotId: number | null;
  load: () => Promise<void>;
  setActiveBot: (id: number) => void;
  /** Each answers the saved bot, or null when it failed or was ignored (one request at a time). */
  create: (fields: Omit<BotCreateRequest, 'avatar_file'>, avatarFile: File | null) => Promise<Bot | null>;
  update: (botId: number, changes: BotChanges, avatarFile: File | null) => Promise<Bot | null>;
  importZip: (zip: Blob) => Promise<Bot | null>;
  remove: (botId: number) => Promise<boolean>;
  exportBot: (bot: Bot) => Promise<void>;
}

/**
 * The customer's bots and the active bot. Other screens (flow, theme, knowledge, notifications)
 * read the active bot from here, so it lives in one store and in local storage (spec 1 §4).
 */
export const useBotsStore = create<BotsStore>((set, get) => {
  /** Runs a bot call, keeping `pending` in step; failures are logged (spec 1 §8) and answer null. */
  async function run<T>(call: () => Promise<T | undefined>): Promise<T | null> {
    if (get().pending) return null;
    set({ pending: true });
    try {
      return (await call()) ?? null;
    } catch (error) {
      console.error(error);
      return null;
    } finally {
      set({ pending: false });
    }
  }

  function setBots(bots: Bot[]): void {
    const activeBotId = chooseActiveBot(bots, get().activeBotId ?? storedActiveBot());
    persistActiveBot(activeBotId);
    set({ bots, activeBotId });
  }

  return {
    bots: [],
    loading: true,
    loadError: null,
    pending: false,
    activeBotId: storedActiveBot(),

    load: async () => {
      set({ loadError: null });
      try {
        const bots = await botsApi.fetchBots();
        if (bots) setBots(bots);
        // An ignored call (another request running) leaves the flags to the running one.
        if (bots || get().bots.length > 0) set({ loading: false });
      } catch (error) {
        console.error(error);
        set({
          loading: false,
          loadError: error instanceof Error ? error.message : botsApi.botErrorDefaults.load,
        });
      }
    },

    setActiveBot: (id) => {
      persistActiveBot(id);
      set({ activeBotId: id });
    },

    create: async (fields, avatarFile) => {
      const bot = await run(() => botsApi.createBot(fields, avatarFile));
      if (bot) setBots([...get().bots, bot]);
      return bot;
    },

    update: async (botId, changes, avatarFile) => {
      // Spec 1 §8: update failures are silently ignored and the dialog stays open.
      const bot = await run(() => botsApi.updateBot(botId, changes, avatarFile));
      if (bot) set({ bots: get().bots.map((b) => (b.id === bot.id ? bot : b)) });
      return bot;
    },

    importZip: async (zip) => {
      const bot = await run(() => botsApi.importBot(zip));
      if (bot) setBots([...get().bots, bot]);
      return bot;
    },

    remove: async (botId) => {
      const done = await run(() => botsApi.deleteBot(botId));
      if (!done) return false;
      const bots = get().bots.filter((b) => b.id !== botId);
      const activeBotId = activeBotAfterDelete(bots, botId, get().activeBotId);
      persistActiveBot(activeBotId);
      set({ bots, activeBotId });
      return true;
    },

    exportBot: async (bot) => {
      const zip = await run(() => botsApi.exportBot(bot.id));
      if (zip) saveFile(zip, exportFileName(bot.name, new Date()));
    },
  };
});

export function useActiveBot(): Bot | null {
  return useBotsStore((state) => state.bots.find((bot) => bot.id === state.activeBotId) ?? null);
}
