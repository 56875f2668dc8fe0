import type * as S from '../host/syntax.js';
import {
  clientCapabilities,
  networkScopes,
  workspacePathAccesses,
  type ClientCapability,
  type ConfigurableSettingsBuilder,
  type NetworkScope,
  type SettingsBuilder,
  type ToolBuilder,
  type ToolMetadata,
  type Toolset,
  type WorkspacePathAccess,
} from '@toolgen/runtime';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import { checkAllowed, literalArgument, readSelector } from './chainArguments.js';
import { readStringLiteral, type ChainCall, type UnwoundChain } from './chain.js';

// The calls toolgen reads from source, one table per runtime builder type. Each table is keyed by
// exactly the methods of its type: a method added to the runtime without an entry here, or an
// entry for a method the runtime does not have, does not compile (test/analysis/builderCalls.test.ts
// compares the keys with the runtime's objects too).

/**
 * The metadata a builder call states for the tool as it is (a title, MCP's annotations), as the
 * runtime's `ToolMetadata` names it: the model, the module and the manifest carry it unchanged. A
 * new call of this kind is its `ToolBuilder` method, its entry in the table below and its field of
 * `ToolMetadata`, and nothing else.
 */
export type StatedMetadata = Partial<Pick<ToolMetadata, Exclude<keyof ToolMetadata, DerivedMetadata>>>;
/** What the generator derives or other calls decide, never stated as is by one call. */
type DerivedMetadata = 'readOnly' | 'approval' | 'networkScope' | 'confidentiality' | 'workspacePaths' | 'settings' | 'deprecated' | 'content' | 'optionalResult' | 'injectsServices' | 'tokens' | 'search';

/** What a call states once the whole chain is read (it may depend on a later call, as `readOnly()`): the metadata, or nothing after a diagnostic. */
type Statement = (tool: string) => StatedMetadata;

/** What a tool's chain says, as its calls are read in order. */
export interface ChainFacts {
  name?: { value: string; node: S.Node };
  description?: string;
  /** Per builder call that states metadata, its statement; the last call of a name wins. */
  stated: Map<keyof ToolBuilder, Statement>;
  clientCapabilities: ClientCapability[];
  readOnly: boolean;
  requiresApproval: boolean;
  networkScope: NetworkScope;
  workspacePaths: { parameter: string; access: WorkspacePathAccess; node: S.Node }[];
  confidentialOnly?: S.Node;
  nonConfidentialOnly?: S.Node;
  settings?: { call: ChainCall; configurable: boolean; selections: { call: ChainCall; member: string; node: S.Node }[] };
}

/** What a tool's chain calls are read with. */
export interface ChainCallContext {
  readonly host: AnalysisHost;
  readonly sink: DiagnosticSink;
  /** Literal examples for TSH013, in the user's own names where the method gives them. */
  readonly examples: { readonly name: string; readonly description: string; readonly title: string; readonly path: string };
}

type ChainCallHandler = (facts: ChainFacts, chainCall: ChainCall, context: ChainCallContext) => void;

/** The calls of `ToolBuilder`, chained onto `addTool(...)`. */
export const toolBuilderCalls: { readonly [K in keyof ToolBuilder]: ChainCallHandler } = {
  readOnly: (facts) => {
    facts.readOnly = true;
  },
  requiresApproval: (facts) => {
    facts.requiresApproval = true;
  },
  withName: (facts, chainCall, { host, sink, examples }) => {
    const first = chainCall.call.arguments[0];
    const value = literalArgument(host, chainCall, first, examples.name, sink);
    if (value !== undefined) {
      facts.name = { value, node: first! };
    }
  },
  withDescription: (facts, chainCall, { host, sink, examples }) => {
    const value = literalArgument(host, chainCall, chainCall.call.arguments[0], examples.description, sink);
    if (value !== undefined) {
      facts.description = value;
    }
  },
  withTitle: (facts, chainCall, { host, sink, examples }) => {
    const first = chainCall.call.arguments[0];
    const value = literalArgument(host, chainCall, first, examples.title, sink);
    if (value !== undefined) {
      facts.stated.set('withTitle', (tool) => (value.trim() === '' ? (sink.report('TSH024', 'emptyTitle', first!, { tool }), {}) : { title: value }));
    }
  },
  // the annotations of a write: on a read-only tool they say nothing more, and are left out with a warning
  idempotent: (facts, chainCall, { sink }) => {
    facts.stated.set('idempotent', (tool) => (facts.readOnly ? (sink.report('TSH024', 'idempotentOnReadOnly', chainCall.nameNode, { tool }), {}) : { idempotent: true }));
  },
  additive: (facts, chainCall, { sink }) => {
    facts.stated.set('additive', (tool) => (facts.readOnly ? (sink.report('TSH024', 'additiveOnReadOnly', chainCall.nameNode, { tool }), {}) : { additive: true }));
  },
  requiresClientCapability: (facts, chainCall, { host, sink }) => {
    const first = chainCall.call.arguments[0];
    const value = literalArgument(host, chainCall, first, "'sampling'", sink);
    if (value !== undefined && checkAllowed(value, clientCapabilities, chainCall, first!, sink) && !facts.clientCapabilities.includes(value as ClientCapability)) {
      facts.clientCapabilities.push(value as ClientCapability);
      facts.stated.set('requiresClientCapability', () => ({ clientCapabilities: [...facts.clientCapabilities] }));
    }
  },
  networkScope: (facts, chainCall, { host, sink }) => {
    const first = chainCall.call.arguments[0];
    const value = literalArgument(host, chainCall, first, "'egress'", sink);
    if (value !== undefined && checkAllowed(value, networkScopes, chainCall, first!, sink)) {
      facts.networkScope = value as NetworkScope;
    }
  },
  workspacePath: (facts, chainCall, { host, sink, examples }) => {
    const [first, second] = chainCall.call.arguments;
    const parameter = literalArgument(host, chainCall, first, examples.path, sink);
    const access = second === undefined ? 'read' : literalArgument(host, chainCall, second, "'write'", sink);
    if (parameter !== undefined && access !== undefined && checkAllowed(access, workspacePathAccesses, chainCall, second!, sink)) {
      facts.workspacePaths.push({ parameter, access: access as WorkspacePathAccess, node: first! });
    }
  },
  confidentialOnly: (facts, chainCall) => {
    facts.confidentialOnly = chainCall.nameNode;
  },
  nonConfidentialOnly: (facts, chainCall) => {
    facts.nonConfidentialOnly = chainCall.nameNode;
  },
  withSettings: (facts, chainCall) => {
    facts.settings = { call: chainCall, configurable: false, selections: [] };
  },
  withConfigurableSettings: (facts, chainCall) => {
    facts.settings = { call: chainCall, configurable: true, selections: [] };
  },
};

/**
 * The metadata the chain states, once it is read: each call's statement, in the order of the
 * table above (so the manifest's keys keep one order, whatever the order of the calls).
 */
export function statedMetadata(facts: ChainFacts, tool: string): StatedMetadata {
  let stated: StatedMetadata = {};
  for (const call of Object.keys(toolBuilderCalls) as (keyof ToolBuilder)[]) {
    const statement = facts.stated.get(call);
    if (statement !== undefined) stated = { ...stated, ...statement(tool) };
  }
  return stated;
}

/** `configurable(s => s.member)` or `notConfigurable(s => s.member)`: the member, for the settings call before it. */
const selectMember: ChainCallHandler = (facts, chainCall, { host, sink }) => {
  const first = chainCall.call.arguments[0];
  const member = readSelector(host, first);
  if (member === undefined) {
    sink.report('TSH012', 'notMemberSelector', first ?? chainCall.call, { call: chainCall.name });
  } else if (facts.settings !== undefined) {
    facts.settings.selections.push({ call: chainCall, member: member.name, node: member.node });
  }
};

/** The calls of `SettingsBuilder` and `ConfigurableSettingsBuilder`, after `withSettings` or `withConfigurableSettings`. */
export const settingsBuilderCalls: { readonly [K in keyof SettingsBuilder<object> | keyof ConfigurableSettingsBuilder<object>]: ChainCallHandler } = {
  configurable: selectMember,
  notConfigurable: selectMember,
};

/** What the statements of a toolset's constructor say, as they are read in order. */
export interface ToolsetFacts {
  /** The `this.addTool(...)` chains, in source order. */
  readonly chains: UnwoundChain[];
  /** The `addTool` calls heading a constructor statement (or split from one, TSH015). */
  readonly topLevelChains: Set<S.CallExpression>;
  displayName?: string | undefined;
  confidentialOnly?: S.Node;
  nonConfidentialOnly?: S.Node;
}

/** What a toolset's constructor statements are read with. */
export interface ToolsetCallContext {
  readonly host: AnalysisHost;
  readonly sink: DiagnosticSink;
  /** The display name without `withDisplayName`, the example of its TSH013. */
  readonly defaultDisplayName: string;
}

type ToolsetCallHandler = (facts: ToolsetFacts, chain: UnwoundChain, context: ToolsetCallContext) => void;

/**
 * `Toolset`'s protected methods, which `keyof Toolset` does not list: each `Toolset['…']` compiles
 * only for a method the class declares, and the test compares the names with `Toolset.prototype`.
 */
interface ToolsetMethods {
  readonly addTool: Toolset['addTool'];
  readonly withDisplayName: Toolset['withDisplayName'];
  readonly confidentialOnly: Toolset['confidentialOnly'];
  readonly nonConfidentialOnly: Toolset['nonConfidentialOnly'];
}

/** The name of a `Toolset` method a constructor calls as `this.<name>(...)`. */
export type ToolsetMethodName = keyof ToolsetMethods;

/** A toolset-level call counts only as a statement of its own, `this.<call>(...);`. */
function alone(handler: (facts: ToolsetFacts, chainCall: ChainCall, context: ToolsetCallContext) => void): ToolsetCallHandler {
  return (facts, chain, context) => {
    if (chain.calls.length === 1) {
      handler(facts, chain.calls[0]!, context);
    }
  };
}

/** The calls of `Toolset` a constructor statement starts with (`this.<call>(...)`). */
export const toolsetCalls: { readonly [K in ToolsetMethodName]: ToolsetCallHandler } = {
  addTool: (facts, chain) => {
    facts.topLevelChains.add(chain.calls[0]!.call);
    facts.chains.push(chain);
  },
  withDisplayName: alone((facts, chainCall, { host, sink, defaultDisplayName }) => {
    facts.displayName = readDisplayName(host, chainCall.call, defaultDisplayName, sink);
  }),
  confidentialOnly: alone((facts, chainCall) => {
    facts.confidentialOnly = chainCall.nameNode;
  }),
  nonConfidentialOnly: alone((facts, chainCall) => {
    facts.nonConfidentialOnly = chainCall.nameNode;
  }),
};

function readDisplayName(host: AnalysisHost, call: S.CallExpression, fallback: string, sink: DiagnosticSink): string | undefined {
  const argument = call.arguments[0];
  const value = readStringLiteral(host, argument);
  if (value === undefined) {
    sink.report('TSH013', 'notLiteral', argument ?? call, { call: 'withDisplayName', example: JSON.stringify(fallback).replace(/^"|"$/g, "'") });
  }
  return value;
}

/** A table's entry for a call's name; undefined for any other name (`toString` and `constructor` included). */
export function builderCall<T extends object>(table: T, name: string): T[keyof T] | undefined {
  return Object.hasOwn(table, name) ? table[name as keyof T] : undefined;
}
