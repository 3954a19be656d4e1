import { useEffect } from 'react';
import { useBlocker } from 'react-router';

// Spec 2 §2 and spec 3 §2: the exact prompts shown before unsaved changes would be lost.
export const LEAVE_PAGE_PROMPT =
  'There are unsaved changes. Are you sure you want to leave this page without saving the changes?';
export const CHANGE_BOT_PROMPT =
  'There are unsaved changes. Are you sure you want to change this bot without saving the changes?';

/** Asks `prompt` when there are unsaved changes; true when it is fine to go on. */
export function confirmDiscard(hasChanges: boolean, prompt: string): boolean {
  return !hasChanges || window.confirm(prompt);
}

/**
 * Guards the page while there are unsaved changes: leaving for another route asks first
 * (react-router's blocker), and closing or reloading the tab gets the browser's own warning (the
 * browser shows its standard text; the page cannot choose it).
 */
export function useUnsavedChangesGuard(hasChanges: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_PAGE_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = LEAVE_PAGE_PROMPT;
      return LEAVE_PAGE_PROMPT;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);
}
