// `@toolgen/runtime/generated`: the contract between generated modules and the runtime. A generated
// module imports `defineTool` from the main entry and its validators' helpers from here.

export * from './generated/validation.js';
export type { ArgumentValidator, InjectedValues, StrictArgumentNormalizer, ToolDefinition, ToolResultKind } from './function/ToolDefinition.js';
