import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';
import type { Book, SearchBooksSettings } from './model.js';

export class LibraryToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Library');
    this.addTool(LibraryToolset.searchBooks).readOnly().withSettings<SearchBooksSettings>().configurable((s) => s.limit);
    this.addTool(LibraryToolset.lendBook).requiresApproval();
  }

  /**
   * Finds books in the catalogue whose title contains every word of the query.
   * @param query Words of the title.
   */
  static searchBooks(query: string, settings: SearchBooksSettings, services: ToolServices): Book[] {
    return services.library.search(query, settings.limit);
  }

  /**
   * Lends a book to a member for a number of days.
   * @param isbn The book's ISBN.
   * @param days How many days the member keeps it.
   */
  static lendBook(isbn: string, days: number, services: ToolServices): { dueOn: string } {
    const due = services.library.lend(isbn, days);
    if (due === undefined) {
      throw new ToolFailure(`No book with ISBN ${isbn} is on the shelf.`, 'Search for the book first to find its ISBN.');
    }
    return { dueOn: due };
  }
}
