import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources through the `@toolgen/source` export condition.
const conditions = ['@toolgen/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'docs/test/**/*.test.ts'],
    // generous: many tests build a TypeScript program, and these machines are shared and noisy
    testTimeout: 30_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.test.json',
      // the TypeScript 6 compiler by path: node_modules/.bin/tsc may be TypeScript 7's (a dev dependency for consumer tests)
      checker: fileURLToPath(new URL('node_modules/typescript/bin/tsc', import.meta.url)),
    },
  },
});
