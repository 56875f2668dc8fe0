import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool, type AIFunction, type JsonValue, type ToolInvocationContext, type ToolLogger, type WorkspaceOptions } from '@toolgen/runtime';
import { repairArguments, type ArgumentRepair, type ArgumentRepairKind, type ArgumentRepairResult } from '../src/repair/repairArguments.js';
import type { ToolDefinition, ToolResultKind } from '@toolgen/runtime/generated';
import { probeDefinition } from './invokeFixtures.js';

describe('defineTool types', () => {
  it('turns a ToolDefinition into an AIFunction', () => {
    expectTypeOf(defineTool<{ readonly query: string }, string[]>).parameters.toEqualTypeOf<[ToolDefinition<{ readonly query: string }> & { readonly name: string; readonly qualifiedName: string }]>();
    expectTypeOf(defineTool<{ readonly query: string }, string[], 'find', 'notes__find'>).returns.toEqualTypeOf<AIFunction<{ readonly query: string }, string[], 'find', 'notes__find'>>();
    expectTypeOf(defineTool<{ readonly query: string }, string[]>).returns.toEqualTypeOf<AIFunction<{ readonly query: string }, string[]>>();
    expectTypeOf(defineTool(probeDefinition())).toEqualTypeOf<AIFunction>();
    expectTypeOf<AIFunction<{ readonly query: string }, string[]>['invoke']>().returns.toEqualTypeOf<Promise<string[]>>();
    expectTypeOf<AIFunction<{ readonly query: string }, string[]>['run']>().parameter(0).toEqualTypeOf<{ readonly query: string }>();
    expectTypeOf<AIFunction<{ readonly query: string }, string[]>>().toExtend<AIFunction>();
    expectTypeOf<AIFunction['invoke']>().returns.toEqualTypeOf<Promise<JsonValue | undefined>>();
    expectTypeOf<AIFunction['normalizeStrictArguments']>().toEqualTypeOf<(args: unknown) => unknown>();
  });

  it('gives parameters that SDKs accepting Standard Schema take', () => {
    const tool = defineTool(probeDefinition());
    expectTypeOf(tool.parameters).toExtend<StandardSchemaV1>();
    expectTypeOf(tool.parameters).toExtend<StandardJSONSchemaV1>();
    expectTypeOf(tool.parameters['~standard']).toExtend<StandardSchemaV1.Props & StandardJSONSchemaV1.Props>();
    expectTypeOf<StandardSchemaV1.InferOutput<AIFunction['parameters']>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
  });

  it('declares every field of the invoke context, so a misspelt one is a type error (issue 31)', () => {
    const tool = defineTool(probeDefinition());
    void tool.invoke({}, { lenient: true, callId: 'call_1', workspace: 'unchecked', exposeErrors: false });
    // @ts-expect-error a typo in a context option does not compile
    void tool.invoke({}, { lenent: true });
    // @ts-expect-error nor does a field the context does not have
    void tool.invoke({}, { userId: 'u1' });
    expectTypeOf<ToolInvocationContext>().not.toHaveProperty('userId');
    expectTypeOf<ToolInvocationContext['workspace']>().toEqualTypeOf<WorkspaceOptions | 'unchecked' | undefined>();
  });

  it('types the lenient step and its report', () => {
    expectTypeOf<ToolInvocationContext['lenient']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<ToolInvocationContext['onRepair']>>().parameter(0).toEqualTypeOf<ArgumentRepair>();
    expectTypeOf<ArgumentRepair['kind']>().toEqualTypeOf<ArgumentRepairKind>();
    expectTypeOf<ArgumentRepairKind>().toEqualTypeOf<
      'parsed-json-string' | 'stripped-code-fence' | 'string-to-number' | 'string-to-integer' | 'string-to-boolean'
    >();
    expectTypeOf(repairArguments).returns.toEqualTypeOf<ArgumentRepairResult>();
    expectTypeOf<{ error(message: string, error: unknown): void }>().toExtend<ToolLogger>();
  });

  it('rejects definitions the contract forbids, at compile time', () => {
    const result: ToolResultKind = 'promise';
    expectTypeOf(result).toExtend<ToolResultKind>();
    // @ts-expect-error -- not a result kind
    probeDefinition({ result: 'stream' });
    // @ts-expect-error -- a validator returns the arguments record
    probeDefinition({ validate: () => 'valid' });
    // @ts-expect-error -- the lenient flag is a boolean
    const context: ToolInvocationContext = { lenient: 'yes' };
    expectTypeOf(context).toExtend<ToolInvocationContext>();
  });
});
