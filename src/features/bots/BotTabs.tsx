import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { BOT_TABS, TAB_TITLES, type BotTab } from './bot-tab-fields';

/** The dialog's tab strip and the open panel, with arrow-key moves between tabs (WAI-ARIA tabs). */
export function BotTabs({
  tab,
  onTab,
  withProblems,
  children,
}: {
  tab: BotTab;
  onTab: (tab: BotTab) => void;
  /** Tabs holding a field with a shown problem: they carry a marker, so the author finds them. */
  withProblems: ReadonlySet<BotTab>;
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
            {TAB_TITLES[name]}
            {withProblems.has(name) && (
              <>
                <span className="bot-tab-problem" aria-hidden="true" />
                <span className="visually-hidden"> (has a problem)</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="bot-tab-panel">
        {children}
      </div>
    </>
  );
}
