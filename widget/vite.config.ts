import { defineConfig } from 'vite';

// The embeddable loader: one small script, no framework, built on its own so host pages pay only
// for the launcher until the chat is opened. The chat app (the iframe's page and /chat) has its
// own config, widget/chat/vite.config.ts, built after this one into dist/widget/chat.
export default defineConfig({
  // The dashboard's public files (avatars, favicon) are not the widget's.
  publicDir: false,
  build: {
    outDir: `${process.env.DIST_DIR ?? 'dist'}/widget`,
    emptyOutDir: true,
    target: 'es2019',
    lib: { entry: 'widget/loader.ts', name: 'BotFlowWidget', formats: ['iife'], fileName: () => 'loader.js' },
  },
});
