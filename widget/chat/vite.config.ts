import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The chat app: the page of the widget's iframe and of /chat (the server serves this build's
// index.html at /chat with the bot's frame-ancestors policy; its assets stay under /widget/chat/).
// Built after widget/vite.config.ts, which empties dist/widget.
export default defineConfig({
  // The dashboard's public files (avatars, favicon) are not the widget's.
  publicDir: false,
  root: path.resolve(import.meta.dirname, '.'),
  base: '/widget/chat/',
  plugins: [react()],
  build: {
    outDir: path.resolve(process.env.DIST_DIR ?? 'dist', 'widget', 'chat'),
    emptyOutDir: true,
    target: 'es2020',
  },
});
