/**
 * Calls the library tools the way an agent loop would. No generated file is on disk:
 * `vite build` generates ./library.tools.js through @toolgen/generator/unplugin.
 *
 *   npm run build -w examples/vite-app && npm start -w examples/vite-app
 */
import type { AIFunction, ToolServices } from '@toolgen/runtime';
import { libraryToolset } from './library.tools.js';
import type { Book, LibraryClient } from './model.js';

class Shelves implements LibraryClient {
  readonly #books: Book[] = [
    { isbn: '978-0262510875', title: 'Structure and Interpretation of Computer Programs', available: true },
    { isbn: '978-0201633610', title: 'Design Patterns', available: false },
    { isbn: '978-0131103627', title: 'The C Programming Language', available: true },
  ];

  search(query: string, limit: number): Book[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return this.#books.filter((book) => words.every((word) => book.title.toLowerCase().includes(word))).slice(0, limit);
  }

  lend(isbn: string, days: number): string | undefined {
    const book = this.#books.find((candidate) => candidate.isbn === isbn && candidate.available);
    if (book === undefined) {
      return undefined;
    }
    book.available = false;
    return new Date(Date.UTC(2026, 11, 1) + days * 86_400_000).toISOString().slice(0, 10);
  }
}

const services: ToolServices = { library: new Shelves() };

// a tool of the typed record, called with what a model might send (invalid arguments too)
async function call(fn: AIFunction, args: unknown): Promise<void> {
  try {
    console.log(`${fn.qualifiedName} ${JSON.stringify(args)} -> ${JSON.stringify(await fn.invoke(args, { services }))}`);
  } catch (error) {
    console.log(`${fn.qualifiedName} ${JSON.stringify(args)} -> error for the model: ${(error as Error).message}`);
  }
}

console.log(`Toolset ${libraryToolset.displayName}: ${libraryToolset.functions.map((fn) => fn.qualifiedName).join(', ')}`);
await call(libraryToolset.tools.search_books, { query: 'programming' });
await call(libraryToolset.tools.search_books, { query: 7 });
await call(libraryToolset.tools.lend_book, { isbn: '978-0131103627', days: 14 });
await call(libraryToolset.tools.lend_book, { isbn: '978-0131103627', days: 14 });
