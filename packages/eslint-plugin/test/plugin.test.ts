import { describe, expect, it } from 'vitest';
import plugin from '@toolgen/eslint-plugin';

describe('@toolgen/eslint-plugin', () => {
  it('names itself and offers a recommended flat config that registers the plugin', () => {
    expect(plugin.meta).toEqual({ name: '@toolgen/eslint-plugin', version: '0.1.0' });
    expect(plugin.configs['recommended']).toMatchObject({ name: '@toolgen/recommended', plugins: { '@toolgen': plugin } });
  });
});
