import { generateText, streamText, type InferToolInput, type InferToolOutput, type LanguageModel, type StaticToolCall, type StaticToolResult, type Tool, type ToolSet, type TypedToolCall } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { shopToolset } from './shop/shop.tools.js';
import { zodTools } from './shop/zodShop.js';

/*
 * Issue 27: an app's code holds the same types whether its tools are zod `tool()`s or the
 * toolgen port of them. One list of assertions, `Checks`, runs over both tool sets; each must be
 * all `true`. Compiled under the repository's strict options, exactOptionalPropertyTypes included.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Product = { id: string; name: string; price: number; category: 'books' | 'games' | 'music' };

/** A typed (static) call or result of `tools` named `Name`. */
type CallOf<TOOLS extends ToolSet, Name extends string> = Extract<StaticToolCall<TOOLS>, { toolName: Name }>;
type ResultOf<TOOLS extends ToolSet, Name extends string> = Extract<StaticToolResult<TOOLS>, { toolName: Name }>;

type Checks<TOOLS extends ToolSet> = [
  Equal<Exclude<TypedToolCall<TOOLS>, { dynamic: true }>['toolName'], 'search_products' | 'get_product' | 'add_to_cart' | 'schedule_delivery' | 'cancel_order' | 'delete_customer'>,
  Equal<CallOf<TOOLS, 'search_products'>['input']['query'], string>,
  Equal<CallOf<TOOLS, 'search_products'>['input']['limit'], number | undefined>,
  Equal<CallOf<TOOLS, 'search_products'>['input']['category'], 'books' | 'games' | 'music' | undefined>,
  Equal<CallOf<TOOLS, 'get_product'>['input'], { id: string }>,
  Equal<CallOf<TOOLS, 'add_to_cart'>['input'], { productId: string; quantity: number }>,
  // a Date goes over the wire as its ISO string, and the call's input holds what the model sent
  Equal<CallOf<TOOLS, 'schedule_delivery'>['input'], { orderId: string; on: string }>,
  Equal<ResultOf<TOOLS, 'search_products'>['output'], Product[]>,
  Equal<ResultOf<TOOLS, 'get_product'>['output'], Product>,
  Equal<ResultOf<TOOLS, 'add_to_cart'>['output']['total'], number>,
  Equal<ResultOf<TOOLS, 'schedule_delivery'>['output'], { orderId: string; on: string }>,
  Equal<ResultOf<TOOLS, 'delete_customer'>['output'], { deleted: string }>,
];

/** `InferToolInput` and `InferToolOutput` of one tool set's tools, written for each set: they take a concrete tool. */
type InferChecks<GetProduct extends Tool, SearchProducts extends Tool> = [
  Equal<InferToolInput<GetProduct>, { id: string }>,
  Equal<InferToolInput<SearchProducts>['limit'], number | undefined>,
  Equal<InferToolOutput<GetProduct>, Product>,
  Equal<InferToolOutput<SearchProducts>, Product[]>,
];
type AllTrue<List extends readonly boolean[]> = List[number] extends true ? true : List;

const { tools } = toAISDKTools(shopToolset.functions, { names: 'name' });
declare const model: LanguageModel;

describe('issue 27: a toolgen port types an app like its zod tool()s', () => {
  it('holds the same types for calls, results, InferToolInput and InferToolOutput', () => {
    expectTypeOf<AllTrue<Checks<typeof zodTools>>>().toEqualTypeOf<true>();
    expectTypeOf<AllTrue<Checks<typeof tools>>>().toEqualTypeOf<true>();
    expectTypeOf<AllTrue<InferChecks<(typeof zodTools)['get_product'], (typeof zodTools)['search_products']>>>().toEqualTypeOf<true>();
    expectTypeOf<AllTrue<InferChecks<(typeof tools)['get_product'], (typeof tools)['search_products']>>>().toEqualTypeOf<true>();
  });

  it('makes a tool-name typo a compile error in activeTools, toolChoice and toolApproval, as zod tool()s do', () => {
    async function typos(): Promise<void> {
      // @ts-expect-error -- a typo in activeTools
      await generateText({ model, tools: zodTools, activeTools: ['search_prodcts'], prompt: 'x' });
      // @ts-expect-error -- a typo in activeTools
      await generateText({ model, tools, activeTools: ['search_prodcts'], prompt: 'x' });
      // @ts-expect-error -- a typo in toolChoice
      await generateText({ model, tools: zodTools, toolChoice: { type: 'tool', toolName: 'get_prodct' }, prompt: 'x' });
      // @ts-expect-error -- a typo in toolChoice
      await generateText({ model, tools, toolChoice: { type: 'tool', toolName: 'get_prodct' }, prompt: 'x' });
      // @ts-expect-error -- a typo in toolApproval
      await generateText({ model, tools: zodTools, toolApproval: { delete_customr: 'user-approval' }, prompt: 'x' });
      // @ts-expect-error -- a typo in toolApproval
      await generateText({ model, tools, toolApproval: { delete_customr: 'user-approval' }, prompt: 'x' });
      // the right names compile in both
      await generateText({ model, tools: zodTools, activeTools: ['search_products'], toolChoice: { type: 'tool', toolName: 'get_product' }, toolApproval: { delete_customer: 'user-approval' }, prompt: 'x' });
      await generateText({ model, tools, activeTools: ['search_products'], toolChoice: { type: 'tool', toolName: 'get_product' }, toolApproval: { delete_customer: 'user-approval' }, prompt: 'x' });
      streamText({ model, tools, activeTools: ['get_product'], prompt: 'x' });
    }
    expectTypeOf(typos).toBeFunction();
  });
});
