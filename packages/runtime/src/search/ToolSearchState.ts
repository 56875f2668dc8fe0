/**
 * The tools earlier searches unlocked, for one cached agent instance. Keep one per cached agent
 * and pass it to every `resolveAgentToolsWithSearch` of that agent. Unlocking is discovery, not
 * approval: an unlocked tool is shown only while the usual rules still expose it.
 */
export class ToolSearchState {
  readonly #unlocked = new Map<string, string>();

  /** The unlocked qualified names, in unlock order. */
  get unlocked(): readonly string[] {
    return [...this.#unlocked.values()];
  }

  unlock(qualifiedName: string): void {
    const key = qualifiedName.toLowerCase();
    if (!this.#unlocked.has(key)) this.#unlocked.set(key, qualifiedName);
  }

  isUnlocked(qualifiedName: string): boolean {
    return this.#unlocked.has(qualifiedName.toLowerCase());
  }

  clear(): void {
    this.#unlocked.clear();
  }
}
