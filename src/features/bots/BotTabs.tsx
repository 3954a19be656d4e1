import { useId, type KeyboardEvent, type ReactNode } from 'react';

export const BOT_TABS = ['general', 'features', 'advanced'] as const;
export type BotTab = (typeof BOT_TABS)[number];

const titles: Record<BotTab, string> = { general: 'General', features: 'Features', advanced: 'Advanced' };

/** The dialog's tab strip and the open panel, with arrow-key moves between tabs (WAI-ARIA tabs). */
export function BotTabs({
  tab,
  onTab,
  children,
}: {
  tab: BotTab;
  onTab: (tab: BotTab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : BOT_TABS.length - 1;
    const next = BOT_TABS[(BOT_TABS.indexOf(tab) + step) % BOT_TABS.length];
    onTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <>
      <div className="bot-tabs" role="tablist" aria-label="Bot settings" onKeyDown={onKeyDown}>
        {BOT_TABS.map((name) => (
          <button
            key={name}
            id={`${id}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'bot-tab-button selected' : 'bot-tab-button'}
            onClick={() => onTab(name)}
          >
            {titles[name]}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="bot-tab-panel">
        {children}
      </div>
    </>
  );
}
