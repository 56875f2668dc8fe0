import { describe, expect, it } from 'vitest';
import { Toolset, type ToolBuilder } from '@toolgen/runtime';
import { builderCall, settingsBuilderCalls, toolBuilderCalls, toolsetCalls } from '../../src/analysis/builderCalls.js';

/** A toolset whose `addTool` hands out the runtime's own builder objects. */
class ProbeToolset extends Toolset {
  builder(): ToolBuilder {
    return this.addTool(() => undefined);
  }
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

// the tables' types already demand exactly the methods of the runtime's builder types; these
// compare them with the objects the runtime hands out, and Toolset's methods, which keyof cannot list
describe('the builder-call tables', () => {
  it('have an entry for each method of the builder addTool returns', () => {
    expect(sorted(Object.keys(toolBuilderCalls))).toEqual(sorted(Object.keys(new ProbeToolset().builder())));
  });

  it('have an entry for each method of the settings builders', () => {
    const builder = new ProbeToolset().builder();
    const methods = [...Object.keys(builder.withSettings<object>()), ...Object.keys(builder.withConfigurableSettings<object>())];
    expect(sorted(Object.keys(settingsBuilderCalls))).toEqual(sorted(methods));
  });

  it("have an entry for each of Toolset's methods", () => {
    const methods = Object.getOwnPropertyNames(Toolset.prototype).filter((name) => name !== 'constructor');
    expect(sorted(Object.keys(toolsetCalls))).toEqual(sorted(methods));
  });

  it('find no entry for a name the builders do not have', () => {
    expect(builderCall(toolBuilderCalls, 'toString')).toBeUndefined();
    expect(builderCall(toolsetCalls, 'constructor')).toBeUndefined();
    expect(builderCall(toolBuilderCalls, 'readOnly')).toBe(toolBuilderCalls.readOnly);
  });
});
