/**
 * The services the note tools get: `toolgen mcp -p examples/mcp` calls createServices() (the
 * package.json says where it is: "toolgen": { "services": "src/services.ts" }), and main.ts
 * passes them in the invoke context of registerMcpTools.
 */
import type { ToolServices } from '@toolgen/runtime';
import type { Note, NoteStore } from './model.js';

/** Notes in memory, numbered from 1. */
export class InMemoryNotes implements NoteStore {
  readonly #notes = new Map<number, Note>();
  #next = 1;

  add(text: string, tags: readonly string[], createdAt = new Date()): Note {
    const note: Note = { id: this.#next++, text, tags: [...tags], createdAt };
    this.#notes.set(note.id, note);
    return note;
  }

  find(words: string): Note[] {
    const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
    return [...this.#notes.values()].filter((note) => wanted.every((word) => note.text.toLowerCase().includes(word) || note.tags.includes(word)));
  }

  get(id: number): Note | undefined {
    return this.#notes.get(id);
  }

  delete(id: number): boolean {
    return this.#notes.delete(id);
  }
}

export function createServices(): ToolServices {
  const notes = new InMemoryNotes();
  notes.add('Water the plants on Friday', ['home'], new Date('2026-12-01T08:00:00Z'));
  return { notes };
}
