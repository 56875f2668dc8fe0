import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolSettingsStore, ToolSettingsValues } from './ToolSettingsStore.js';

interface SettingsFile {
  readonly version: 1;
  readonly tools: Record<string, ToolSettingsValues>;
}

/**
 * Keeps settings in one JSON file (`{ "version": 1, "tools": { "search_tickets": { "limit": 20 } } }`).
 * Writes go through a temporary file and a rename, so a crash never leaves half a file; calls are
 * serialized, so concurrent writes from one process do not lose each other's changes.
 */
export class FileToolSettingsStore implements ToolSettingsStore {
  readonly #file: string;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(file: string) {
    this.#file = path.resolve(file);
  }

  get(toolName: string): Promise<ToolSettingsValues | undefined> {
    return this.#serialized(async () => {
      const values = (await this.#read()).tools[toolName];
      return values === undefined ? undefined : { ...values };
    });
  }

  set(toolName: string, values: ToolSettingsValues): Promise<void> {
    return this.#serialized(async () => {
      const current = await this.#read();
      await this.#write({ version: 1, tools: { ...current.tools, [toolName]: { ...values } } });
    });
  }

  delete(toolName: string): Promise<void> {
    return this.#serialized(async () => {
      const tools = { ...(await this.#read()).tools };
      delete tools[toolName];
      await this.#write({ version: 1, tools });
    });
  }

  list(): Promise<readonly string[]> {
    return this.#serialized(async () => Object.keys((await this.#read()).tools).sort());
  }

  #serialized<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(operation, operation);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #read(): Promise<SettingsFile> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return { version: 1, tools: {} };
      }
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The tool settings file ${this.#file} is not valid JSON: ${(error as Error).message}. Fix or delete it.`);
    }
    const tools = (parsed as { tools?: unknown } | null)?.tools;
    if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1 || typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
      throw new Error(`The tool settings file ${this.#file} is not a toolgen settings file: expected { "version": 1, "tools": { … } }. Fix or delete it.`);
    }
    return { version: 1, tools: tools as Record<string, ToolSettingsValues> };
  }

  async #write(content: SettingsFile): Promise<void> {
    await mkdir(path.dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, 'utf8');
    await rename(temporary, this.#file);
  }
}
