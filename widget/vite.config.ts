import { defineConfig } from 'vite';

// The embeddable loader: one small script, no framework, built on its own so host pages pay only
// for the launcher until the chat is opened.
export default defineConfig({
  build: {
    outDir: `${process.env.DIST_DIR ?? 'dist'}/widget`,
    emptyOutDir: true,
    lib: { entry: 'widget/loader.ts', name: 'BotFlowWidget', formats: ['iife'], fileName: () => 'loader.js' },
  },
});
