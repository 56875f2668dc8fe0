import toolgen from '@toolgen/generator/unplugin';
import { defineConfig } from 'vite';

// `vite build` bundles src/main.ts for Node.js; the plugin generates ./library.tools.js on import.
export default defineConfig({
  plugins: [toolgen.vite({ project: 'tsconfig.json' })],
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
  },
  ssr: { noExternal: ['@toolgen/runtime'] },
});
