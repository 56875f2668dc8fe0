import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources through the `@toolgen/source` export condition.
const conditions = ['@toolgen/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.test.json',
    },
  },
});
