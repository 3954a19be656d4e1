// The script a bot owner puts in the page head. The chat itself arrives with a later issue; until
// then the loader only announces itself so host pages can detect it.
const script = document.currentScript as HTMLScriptElement | null;

export const botflowWidget = {
  botId: script?.dataset.botId ?? null,
  version: 1,
};

(window as unknown as { BotFlow?: typeof botflowWidget }).BotFlow = botflowWidget;
