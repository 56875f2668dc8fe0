/** A book in the library's catalogue. */
export interface Book {
  isbn: string;
  title: string;
  /** Whether a copy is on the shelf. */
  available: boolean;
}

/** The stored settings of `search_books`. */
export class SearchBooksSettings {
  /**
   * How many books one search returns at most.
   * @minimum 1
   * @maximum 50
   */
  limit = 5;
}

/** The catalogue the tools talk to, provided by the host as a service. */
export interface LibraryClient {
  search(query: string, limit: number): Book[];
  /** Lends a book; returns the due date (YYYY-MM-DD), or undefined when no copy is on the shelf. */
  lend(isbn: string, days: number): string | undefined;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    library: LibraryClient;
  }
}
