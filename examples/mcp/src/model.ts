/** A note the user keeps. */
export interface Note {
  readonly id: number;
  readonly text: string;
  /** Words to find the note by. */
  readonly tags: readonly string[];
  /** When it was written. */
  readonly createdAt: Date;
}

/** Where the notes live, provided by the host as a service. */
export interface NoteStore {
  add(text: string, tags: readonly string[]): Note;
  find(words: string): Note[];
  get(id: number): Note | undefined;
  delete(id: number): boolean;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    notes: NoteStore;
  }
}
