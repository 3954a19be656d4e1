import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dashboard app. The widget has its own config (widget/vite.config.ts) so the script that host
// pages load stays tiny and never pulls in the dashboard's code.
export default defineConfig({
  plugins: [react()],
  // DIST_DIR lets two builds (say, two end-to-end runs) live side by side; the server reads the same variable.
  build: { outDir: `${process.env.DIST_DIR ?? 'dist'}/app`, emptyOutDir: true, sourcemap: true },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/widget': 'http://127.0.0.1:8080' } },
});
