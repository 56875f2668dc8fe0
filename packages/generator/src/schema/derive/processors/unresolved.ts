import { TypeFlag, type HostTypeNode, type TypeHost } from '../../../host/TypeHost.js';
import type { Fault } from '../faults.js';
import { hasFlag, type Processor } from '../Processor.js';

/**
 * The checker's error type: a type that did not resolve (a missing import, package, lib or
 * declaration, or a circular alias). The checker prints it as "any", so the problem names the
 * type as written, and it is never `{}`: an explicit `any` or `unknown` is another type.
 */
export const unresolvedProcessor: Processor = {
  kind: 'unresolved',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Any) && walk.host.isErrorType(type),
  derive: (type, site, walk) => walk.fail(type, site.pointer, unresolvedFault(walk.host, site.typeNode)),
};

/** Globals a project has only with the DOM lib or @types/node, so a tsconfig without them cannot resolve them. */
const environmentGlobals = new Set([
  'AbortSignal',
  'AbortController',
  'URL',
  'URLSearchParams',
  'Blob',
  'File',
  'FormData',
  'Headers',
  'Request',
  'Response',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'Event',
  'EventTarget',
  'Buffer',
]);

function unresolvedFault(host: TypeHost, typeNode: HostTypeNode | undefined): Fault {
  const view = typeNode === undefined ? undefined : host.typeNode(typeNode);
  const name = typeNode === undefined ? undefined : view?.kind === 'reference' ? view.name : host.typeNodeText(typeNode);
  if (name === undefined) {
    return {
      typeText: 'a type that does not resolve',
      reason: 'the TypeScript checker could not resolve this type, so toolgen cannot know what the model must send',
      fix: 'fix the type errors tsc reports for this type (a missing import, package or declaration, or a circular alias)',
    };
  }
  if (environmentGlobals.has(name)) {
    return {
      typeText: name,
      reason: `${name} does not resolve: the project's tsconfig has neither the DOM lib nor Node's types, which declare it`,
      fix: `add "DOM" to "lib" in compilerOptions, or install @types/node and add "node" to "types"`,
    };
  }
  return {
    typeText: name,
    reason: `${name} does not resolve (tsc reports an error for it), so toolgen cannot know what it holds`,
    fix: `import or declare ${name}, or fix the import, package or circular alias it comes from`,
  };
}
