import exportToolset from './export-toolset.js';
import addToolStaticMethod from './add-tool-static-method.js';
import addToolStaticReference from './add-tool-static-reference.js';
import supportedParameterForm from './supported-parameter-form.js';
import jsonParameterTypes from './json-parameter-types.js';
import jsonResultType from './json-result-type.js';
import uniqueToolName from './unique-tool-name.js';
import toolNameSnakeCase from './tool-name-snake-case.js';
import requireToolDescription from './require-tool-description.js';
import requireParamDoc from './require-param-doc.js';
import noUnknownParamDoc from './no-unknown-param-doc.js';
import validSettings from './valid-settings.js';
import literalChainArguments from './literal-chain-arguments.js';
import addToolInConstructor from './add-tool-in-constructor.js';
import singleChain from './single-chain.js';
import noDuplicateTool from './no-duplicate-tool.js';
import directToolset from './direct-toolset.js';
import noConflictingConfidentiality from './no-conflicting-confidentiality.js';
import validWorkspacePath from './valid-workspace-path.js';
import knownBuilderCalls from './known-builder-calls.js';
import sendableVariantValues from './sendable-variant-values.js';
import knownSchemaTags from './known-schema-tags.js';
import annotationsForWrites from './annotations-for-writes.js';
import validTsdoc from './valid-tsdoc.js';
import resolvedRuntime from './resolved-runtime.js';

/** Every rule of the plugin, by name: one per TSH code. */
export const rules = {
  'export-toolset': exportToolset,
  'add-tool-static-method': addToolStaticMethod,
  'add-tool-static-reference': addToolStaticReference,
  'supported-parameter-form': supportedParameterForm,
  'json-parameter-types': jsonParameterTypes,
  'json-result-type': jsonResultType,
  'unique-tool-name': uniqueToolName,
  'tool-name-snake-case': toolNameSnakeCase,
  'require-tool-description': requireToolDescription,
  'require-param-doc': requireParamDoc,
  'no-unknown-param-doc': noUnknownParamDoc,
  'valid-settings': validSettings,
  'literal-chain-arguments': literalChainArguments,
  'add-tool-in-constructor': addToolInConstructor,
  'single-chain': singleChain,
  'no-duplicate-tool': noDuplicateTool,
  'direct-toolset': directToolset,
  'no-conflicting-confidentiality': noConflictingConfidentiality,
  'valid-workspace-path': validWorkspacePath,
  'known-builder-calls': knownBuilderCalls,
  'sendable-variant-values': sendableVariantValues,
  'known-schema-tags': knownSchemaTags,
  'annotations-for-writes': annotationsForWrites,
  'valid-tsdoc': validTsdoc,
  'resolved-runtime': resolvedRuntime,
};
