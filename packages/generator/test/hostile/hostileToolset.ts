/**
 * A toolset with one tool per kind of parameter a hostile argument can aim at: a recursive
 * type, recursive JSON, maps (nested too), a closed object with formats and bounds, dates and a
 * URL, `unknown`, a discriminated union. Written to `src/hostile.ts` of a throwaway project and
 * generated there, so the tests call the module toolgen really writes.
 */
export const hostileToolsetSource = `import { Toolset } from '@toolgen/runtime';

/** A node of a tree. */
export interface TreeNode {
  /** What the node says. */
  label: string;
  /** Its children, if any. */
  children?: TreeNode[];
}

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A shape to draw. */
export type Shape = { kind: 'circle'; radius: number } | { kind: 'rect'; width: number; height: number };

/** What to search for. */
export interface Filter {
  /**
   * Words to find.
   * @minLength 1
   * @maxLength 100
   */
  query: string;
  /** Only tickets in this state. */
  status?: 'open' | 'closed';
  /**
   * Only tickets of this owner.
   * @format email
   */
  owner?: string;
  /**
   * One ticket.
   * @format uuid
   */
  id?: string;
  /**
   * A page about it.
   * @format uri
   */
  link?: string;
  /**
   * Labels it has.
   * @minItems 1
   * @maxItems 5
   */
  tags?: string[];
  /** From and to. */
  range?: [number, number];
  /**
   * How many.
   * @integer
   * @minimum 1
   * @maximum 100
   */
  limit?: number;
}

export class HostileToolset extends Toolset {
  constructor() {
    super();
    this.addTool(HostileToolset.countNodes).readOnly();
    this.addTool(HostileToolset.storeJson);
    this.addTool(HostileToolset.tally).readOnly();
    this.addTool(HostileToolset.search).readOnly();
    this.addTool(HostileToolset.schedule);
    this.addTool(HostileToolset.echo).readOnly();
    this.addTool(HostileToolset.draw);
  }

  /**
   * Counts the nodes of a tree.
   * @param tree The tree.
   */
  static countNodes(tree: TreeNode): number {
    let count = 0;
    const pending = [tree];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      count++;
      for (const child of node.children ?? []) pending.push(child);
    }
    return count;
  }

  /**
   * Stores a JSON document.
   * @param document The document.
   */
  static storeJson(document: Json): string {
    return document === null ? 'null' : Array.isArray(document) ? 'array' : typeof document;
  }

  /**
   * Adds counts up, by name and by group.
   * @param counts Counts by name.
   * @param groups Counts by group, then name.
   */
  static tally(counts: Record<string, number>, groups?: Record<string, Record<string, number>>): string[] {
    const own = (record: object): string[] => Object.keys(record).map((key) => key + (Object.getPrototypeOf(record) === Object.prototype ? '' : ' (prototype changed)'));
    return [...own(counts), ...Object.values(groups ?? {}).flatMap(own)];
  }

  /**
   * Searches tickets.
   * @param filter What to find.
   */
  static search(filter: Filter): string[] {
    return Object.keys(filter);
  }

  /**
   * Schedules a meeting.
   * @param at When it starts.
   * @param until When it ends, if it does.
   * @param link Where it happens.
   */
  static schedule(at: Date, until: Date | null, link?: URL): string {
    return [at.toISOString(), until === null ? 'open-ended' : until.toISOString(), link?.href ?? 'nowhere'].join(' ');
  }

  /**
   * Sends a payload back.
   * @param payload Anything at all.
   */
  static echo(payload: unknown): unknown {
    return payload;
  }

  /**
   * Draws shapes.
   * @param shapes What to draw.
   */
  static draw(shapes: Shape[]): number {
    return shapes.length;
  }
}
`;
