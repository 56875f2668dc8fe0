import { Toolset, type ToolArguments, type ToolServices } from '@toolgen/runtime';

// The constructs whose Args and Result typedModule.test-d.ts pins: regenerate with
//   npx toolgen -p packages/generator/test/emit/typed

export type Status = 'open' | 'closed';

export interface Window {
  readonly from: Date;
  readonly to?: Date;
}

export type Target = { readonly kind: 'user'; readonly id: number } | { readonly kind: 'team'; readonly name: string };

/** A string enum: the module passes an argument holding one as the method's own type (`__toolgenWithin`). */
export enum Level {
  Low = 'low',
  High = 'high',
}

export class ListSettings {
  limit = 10;
}

export class ConstructsToolset extends Toolset {
  constructor() {
    super();
    this.addTool(ConstructsToolset.list).readOnly().withSettings<ListSettings>();
    this.addTool(ConstructsToolset.assign);
    this.addTool(ConstructsToolset.stamp);
    this.addTool(ConstructsToolset.tally);
  }

  /**
   * Lists items.
   * @param status Which status.
   * @param window When.
   * @param page Which page.
   * @param note A note, or null.
   */
  static list(status: Status, window: Window, settings: ListSettings, services: ToolServices, page = 1, note?: string | null, signal?: AbortSignal): { at: Date; status: Status }[] {
    void settings;
    void services;
    void signal;
    return [{ at: window.from, status }].slice(page - 1, page + (note === undefined ? 0 : 1));
  }

  /**
   * Assigns work.
   * @param target Who.
   * @param tags Labels.
   */
  static async assign({ target, tags = [] }: { target: Target; tags?: readonly string[] }, args: ToolArguments): Promise<void> {
    void target;
    void tags;
    void args;
  }

  /**
   * Stamps a date.
   * @param when When.
   */
  static stamp(when: Date): Date | null {
    return when;
  }

  /**
   * Tallies counts, some left out, beside an enum: what the module declares of both must hold the method's own types.
   * @param counts Counts by name.
   * @param level How loud.
   */
  static tally(counts: Partial<Record<string, number>>, level: Level): Partial<Record<string, number>> {
    return level === Level.High ? counts : {};
  }
}
