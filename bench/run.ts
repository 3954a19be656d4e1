// `npm run bench`: every suite in turn, each printing its own table. Pass suite names to run a
// subset: `npm run bench -- api`. Suites load only when they run, so `core` never starts a server.
const suites: Record<string, () => Promise<void>> = {
  api: async () => (await import('./api.js')).runApiBench(),
  core: async () => (await import('./core.js')).runCoreBench(),
  widget: async () => (await import('./widget.js')).runWidgetBench(),
  runtime: async () => (await import('./runtime.js')).runRuntimeBench(),
  board: async () => (await import('./board.js')).runBoardBench(),
  'editor-tools': async () => (await import('./editor-tools.js')).runEditorToolsBench(),
  lint: async () => (await import('./lint.js')).runLintBench(),
  jobs: async () => (await import('./jobs.js')).runJobsBench(),
  channels: async () => (await import('./channels.js')).runChannelsBench(),
  'channels-cost': async () => (await import('./channels-cost.js')).runChannelsCostBench(),
  theme: async () => (await import('./theme.js')).runThemeBench(),
  notifications: async () => (await import('./notifications.js')).runNotificationsBench(),
  analytics: async () => (await import('./analytics.js')).runAnalyticsBench(),
  knowledge: async () => (await import('./knowledge.js')).runKnowledgeBench(),
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}

export {};
