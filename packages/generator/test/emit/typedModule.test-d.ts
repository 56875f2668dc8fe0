import { describe, expectTypeOf, it } from 'vitest';
import type { AIFunction, GeneratedToolset, ToolArgs, ToolArgumentsCheck, ToolInput, ToolResult } from '@toolgen/runtime';
import { constructsToolset } from './typed/constructs.tools.js';

// What a user holds from a generated module (issue 26, item 8): each tool's Args and Result as
// toolgen read them. The module is test/emit/typed/constructs.tools.ts, kept fresh by module.test.ts.

const { list, stamp } = constructsToolset.tools;
type Assign = typeof constructsToolset.tools.assign;

describe('the typed tools of a generated module', () => {
  it('types Args: optional and defaulted parameters optional, Dates as Dates, settings and injected parameters absent', () => {
    expectTypeOf<ToolArgs<typeof list>>().toEqualTypeOf<{ status: 'open' | 'closed'; window: { from: Date; to?: Date }; page?: number; note?: string | null }>();
    expectTypeOf<ToolInput<typeof list>>().toExtend<{ status: 'open' | 'closed'; window: { from: string; to?: string }; page?: number; note?: string | null }>();
    expectTypeOf(list.run).parameter(0).toEqualTypeOf<ToolArgs<typeof list>>();
    expectTypeOf(list.validate).returns.toEqualTypeOf<ToolArgumentsCheck<ToolArgs<typeof list>>>();
  });

  it('flattens a destructured parameter, keeps a union of objects, and leaves out ToolArguments', () => {
    expectTypeOf<ToolArgs<Assign>>().toEqualTypeOf<{ target: { kind: 'user'; id: number } | { kind: 'team'; name: string }; tags?: string[] }>();
    expectTypeOf<ToolArgs<typeof stamp>>().toEqualTypeOf<{ when: Date }>();
  });

  it('types Result as the JSON the call resolves to: Dates as strings, void as undefined', () => {
    expectTypeOf<ToolResult<typeof list>>().toEqualTypeOf<{ at: string; status: 'open' | 'closed' }[]>();
    expectTypeOf<ToolResult<Assign>>().toEqualTypeOf<undefined>();
    expectTypeOf<ToolResult<typeof stamp>>().toEqualTypeOf<string | null>();
    expectTypeOf(stamp.invoke).returns.resolves.toEqualTypeOf<string | null>();
  });

  it('names each tool in its type, keys the record by name, and stays a GeneratedToolset', () => {
    expectTypeOf(list.name).toEqualTypeOf<'list'>();
    expectTypeOf(list.qualifiedName).toEqualTypeOf<'constructs__list'>();
    expectTypeOf<keyof typeof constructsToolset.tools>().toEqualTypeOf<'list' | 'assign' | 'stamp' | 'tally'>();
    expectTypeOf(constructsToolset).toExtend<GeneratedToolset>();
    expectTypeOf(constructsToolset.functions).items.toExtend<AIFunction>();
  });
});
