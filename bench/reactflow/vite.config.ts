import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The React Flow comparison page of the board bench (bench/board.ts), built on its own so the
// product never bundles @xyflow/react. The bench passes its own outDir (inside its temporary
// DIST_DIR, so the real server serves the page on the app's origin); this default is for a look
// by hand.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  plugins: [react()],
  build: { outDir: '/tmp/botflow-bench/reactflow', emptyOutDir: true },
});
