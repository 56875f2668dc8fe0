import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import toolgen from '@toolgen/generator/unplugin';
import { notesSource, writeApp } from './fixture.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) {
    await close();
  }
});

/** Waits for `ready`, saving `file` again every second meanwhile (a watcher may not be watching yet when the first save lands). */
async function untilAfterSaving(file: string, text: string, ready: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 20 && !ready(); attempt++) {
    if (attempt % 10 === 0) {
      writeFileSync(file, text);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ready()).toBe(true);
}

describe('@toolgen/generator/unplugin in the Vite dev server', () => {
  it('invalidates the generated module when its toolset changes, and serves the new one', async () => {
    const { environment, node, payloads } = await serve(writeApp());
    expect((await environment.transformRequest('/src/notes.tools.ts'))?.code).toContain('Counts the words of a text.');
    expect(node()?.transformResult).not.toBeNull();

    await untilAfterSaving(path.join(environment.config.root, 'src/notes.ts'), notesSource.replace('Counts the words of a text.', 'Counts the words of a text, spaces apart.'), () => node()?.transformResult === null);
    expect(payloads.length).toBeGreaterThan(0);
    expect((await environment.transformRequest('/src/notes.tools.ts'))?.code).toContain('Counts the words of a text, spaces apart.');
  });

  it('invalidates it when a file the toolset imports only types from changes, which is outside Vite\'s module graph', async () => {
    const typed = notesSource
      .replace("import type { NoteSettings } from './model.js';", "import type { NoteSettings } from './model.js';\nimport type { Text } from './text.js';")
      .replace('static countWords(text: string)', 'static countWords(text: Text)');
    const textSource = (kinds: string) => `export type Text = ${kinds};\n`;
    const { environment, node } = await serve(writeApp({ 'src/notes.ts': typed, 'src/text.ts': textSource("'short' | 'long'") }));
    expect((await environment.transformRequest('/src/notes.tools.ts'))?.code).not.toContain('"medium"');
    expect(environment.moduleGraph.getModulesByFile(path.join(environment.config.root, 'src/text.ts'))).toBeUndefined();

    await untilAfterSaving(path.join(environment.config.root, 'src/text.ts'), textSource("'short' | 'medium' | 'long'"), () => node()?.transformResult === null);
    expect((await environment.transformRequest('/src/notes.tools.ts'))?.code).toContain('"medium"');
  });
});

/** A dev server on the project, the SSR environment's HMR payloads recorded, with the app's entry transformed. */
async function serve(root: string) {
  const server = await createServer({ root, configFile: false, logLevel: 'silent', plugins: [toolgen.vite({ project: root })] });
  closers.push(() => server.close());
  const environment = server.environments.ssr;
  const payloads: unknown[] = [];
  const send = environment.hot.send.bind(environment.hot);
  environment.hot.send = ((...args: Parameters<typeof send>) => {
    payloads.push(args[0]);
    send(...args);
  }) as typeof send;
  await environment.transformRequest('/src/main.ts');
  const modulePath = path.join(root, 'src/notes.tools.ts');
  return { environment, payloads, node: () => environment.moduleGraph.getModuleById(modulePath) };
}
