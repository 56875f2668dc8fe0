import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';
import type { Note } from './model.js';

/** What sharing a note sent, and to whom. */
export interface ShareReceipt {
  readonly id: number;
  readonly to: string;
}

export class NoteToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Notes');
    this.addTool(NoteToolset.addNote);
    this.addTool(NoteToolset.findNotes).readOnly();
    this.addTool(NoteToolset.getNote).readOnly();
    this.addTool(NoteToolset.deleteNote).requiresApproval();
    this.addTool(NoteToolset.shareNote).networkScope('egress');
  }

  /**
   * Writes a new note.
   * @param text What the note says.
   * @param tags Words to find it by.
   */
  static addNote(text: string, services: ToolServices, tags: string[] = []): Note {
    return services.notes.add(text, tags);
  }

  /**
   * Finds the notes whose text or tags contain every word.
   * @param words The words to look for.
   */
  static findNotes(words: string, services: ToolServices): Note[] {
    return services.notes.find(words);
  }

  /**
   * Reads one note.
   * @param id The note's id.
   */
  static getNote(id: number, services: ToolServices): Note {
    const note = services.notes.get(id);
    if (note === undefined) throw new ToolFailure(`No note ${id} exists.`, 'Find the note first to learn its id.');
    return note;
  }

  /**
   * Deletes a note for good.
   * @param id The note's id.
   */
  static deleteNote(id: number, services: ToolServices): void {
    if (!services.notes.delete(id)) throw new ToolFailure(`No note ${id} exists.`);
  }

  /**
   * Sends a note to someone by e-mail.
   * @param id The note's id.
   * @param to The e-mail address to send it to.
   */
  static shareNote(id: number, to: string, services: ToolServices): ShareReceipt {
    if (services.notes.get(id) === undefined) throw new ToolFailure(`No note ${id} exists.`);
    return { id, to };
  }
}
