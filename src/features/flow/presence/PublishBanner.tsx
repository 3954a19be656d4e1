import { useStore } from 'zustand';
import { Button } from '../../../ui';
import { whenText } from '../history/HistoryPanel';
import { useToolEditor } from '../tools-context';

/** Issue 20 §7: another author published this bot; load their version or keep this draft. */
export function PublishBanner() {
  const editor = useToolEditor();
  const news = useStore(editor.publishes.news, (s) => s.news);
  if (!news) return null;
  return (
    <div className="flow-publish-banner" role="status" aria-label="Another author published">
      <span>
        <strong>{news.author}</strong> published version {news.version} of this bot ({whenText(news.at)}).
      </span>
      <span className="flow-version-actions">
        <Button size="sm" onClick={editor.publishes.loadTheirs}>
          Load their version
        </Button>
        <Button size="sm" variant="outline" onClick={editor.publishes.keepMine}>
          Keep mine
        </Button>
      </span>
    </div>
  );
}
