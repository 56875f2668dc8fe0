/**
 * Every TSH diagnostic: its severity and message templates. The CLI and the ESLint plugin both
 * render from here, so a diagnostic reads the same in the terminal and in the editor.
 * Templates use ESLint's `{{placeholder}}` syntax; every message says what is wrong and how to fix it.
 */
export const diagnosticCatalogue = {
  TSH001: {
    severity: 'error',
    messages: {
      notExported:
        'Toolset class "{{className}}" is not exported, so its generated module cannot import it. Export it: "export class {{className}} extends Toolset".',
    },
  },
  TSH002: {
    severity: 'error',
    messages: {
      instanceMethod:
        'addTool names the instance method "{{method}}"; tools are static methods. Declare it "static {{method}}(…)" and pass "{{className}}.{{method}}".',
    },
  },
  TSH003: {
    severity: 'error',
    messages: {
      notMethodReference:
        'addTool takes {{found}}; it takes a static method reference{{example}}. Move the code into a static method of {{className}} and pass that method.',
    },
  },
  TSH004: {
    severity: 'error',
    messages: {
      restParameter:
        'The rest parameter "{{parameter}}" of "{{method}}" cannot become a tool argument. Take an array instead: "{{parameter}}: T[]".',
      thisParameter: 'The "this" parameter of "{{method}}" is not supported: tools are static methods called without a receiver. Remove it.',
      destructuring:
        'The destructured parameter of "{{method}}" is not supported: {{reason}}. Use named parameters, or one destructured object parameter as the only argument the model sends.',
    },
  },
  TSH005: {
    severity: 'error',
    messages: {
      unrepresentable:
        'Tool "{{tool}}": the type "{{typeText}}" at {{pointer}} cannot be represented in JSON Schema: {{reason}}. Fix: {{fix}}.{{more}}',
      refusedDefault: 'Tool "{{tool}}": the default of {{pointer}} ({{typeText}}) is not a value its own schema takes: {{reason}}. Fix: {{fix}}.{{more}}',
    },
  },
  TSH006: {
    severity: 'error',
    messages: {
      unserializable:
        'Tool "{{tool}}": its result cannot be serialized to JSON: the type "{{typeText}}" at {{pointer}}: {{reason}}. Fix: {{fix}}.{{more}}',
    },
  },
  TSH007: {
    severity: 'error',
    messages: {
      duplicateName:
        'Tool name "{{name}}" is also used by {{other}}. Tool names are unique across the project and its references: rename one with withName(\'…\').',
      duplicateQualifiedName:
        'The qualified name "{{qualifiedName}}" of tool "{{name}}" collides with {{other}}. Rename the tool (withName) or the toolset class so the qualified names differ.',
    },
  },
  TSH008: {
    severity: 'error',
    messages: {
      explicitName: 'Tool name "{{name}}" is not lower_snake_case. Use lowercase words joined by underscores, e.g. withName(\'{{suggestion}}\').',
      derivedName:
        'The tool name "{{name}}" derived from method "{{method}}" is not lower_snake_case. Rename the method, or name the tool with withName(\'{{suggestion}}\').',
    },
  },
  TSH009: {
    severity: 'warning',
    messages: {
      noDescription:
        'Tool "{{tool}}" has no description, so the model cannot tell when to call it. Add a TSDoc summary to "{{method}}" or chain .withDescription(\'…\').',
    },
  },
  TSH010: {
    severity: 'warning',
    messages: {
      noParamDoc:
        'Parameter "{{parameter}}" of tool "{{tool}}" has no @param doc, so the model must guess what to send. Add "@param {{parameter}} …" to the TSDoc of "{{method}}".',
      emptyParamDoc:
        'The @param of "{{parameter}}" of tool "{{tool}}" has no description (only tags), so the model must guess what to send. Write what it is after the name: "@param {{parameter}} What it is. …" in the TSDoc of "{{method}}".',
    },
  },
  TSH011: {
    severity: 'warning',
    messages: {
      unknownParam:
        '@param "{{name}}" names no parameter of "{{method}}", so its text reaches no schema. Correct the name or remove the tag (parameters: {{parameters}}).',
    },
  },
  TSH012: {
    severity: 'error',
    messages: {
      settingsNotLast: '.{{call}}() must come last in the chain, after every other call. Move .{{call}}<…>() to the end of the chain.',
      unknownMember:
        '.{{call}}() names "{{member}}", which is not a settable member of {{settingsType}} (settable: {{members}}). Name a writable data member of the settings class.',
      readonlyMember:
        '.{{call}}() names "{{member}}", which is readonly in {{settingsType}}; readonly members are never configurable. Remove readonly from the member or remove this call.',
      notMemberSelector:
        '.{{call}}() must select one settings member, as in .{{call}}((s) => s.limit). Replace the argument with such an arrow function.',
      missingSettingsType:
        '.{{call}}() needs the settings class as its type argument, as in .{{call}}<SearchSettings>(). Add the type argument.',
      settingsNotClass:
        'The settings type {{settingsType}} is not a class, so the generated code cannot construct its defaults. Declare it as an exported class whose field initializers are the defaults.',
      settingsNotExported:
        'The settings class {{settingsType}} is not exported, so the generated module cannot import it to construct its defaults. Export it: "export class {{settingsType}}".',
      noSettings:
        '.{{call}}() follows no withSettings<…>() or withConfigurableSettings<…>() call, so it selects no settings member and is not applied. Chain it after the settings call it belongs to, or remove it.',
      settingsConstructorArguments:
        'The settings class {{settingsType}} takes constructor arguments ({{parameters}}), but the generated code constructs it with "new {{settingsType}}()". Give the defaults as field initializers instead, or make the parameters optional.',
    },
  },
  TSH013: {
    severity: 'error',
    messages: {
      notLiteral:
        'The argument of .{{call}}() is not a literal the generator can read: toolgen reads the constructor from source and never runs it. Write it as a literal, e.g. .{{call}}({{example}}).',
      invalidValue: 'The argument of .{{call}}() must be one of {{allowed}}, not {{value}}.',
    },
  },
  TSH014: {
    severity: 'error',
    messages: {
      notTopLevel:
        'addTool must be a statement directly in the constructor of {{className}}, not {{where}}: toolgen reads the constructor without running it. Move the call to the top level of the constructor.',
    },
  },
  TSH015: {
    severity: 'error',
    messages: {
      splitChain:
        'The tool chain is split across statements: its builder is stored in "{{variable}}". Write the whole chain as one statement: this.addTool(…).readOnly()…;',
    },
  },
  TSH016: {
    severity: 'error',
    messages: {
      addedTwice: '{{className}}.{{method}} is added twice. Remove one of the addTool calls: each method becomes exactly one tool.',
    },
  },
  TSH017: {
    severity: 'error',
    messages: {
      indirectBase:
        '{{className}} derives from {{base}}, not from Toolset directly. Extend Toolset itself and share code through static functions rather than a base class.',
      typeParameters:
        'Toolset {{className}} has type parameters. Remove them: generated code calls its static methods with concrete types.',
    },
  },
  TSH018: {
    severity: 'error',
    messages: {
      conflictingConfidentiality:
        '{{subject}} is marked both confidentialOnly and nonConfidentialOnly, so no agent may see it and it is omitted (fail closed). Keep only one of the two calls.',
    },
  },
  TSH019: {
    severity: 'error',
    messages: {
      unknownParameter:
        'workspacePath names "{{parameter}}", which is not a parameter of "{{method}}" (parameters: {{parameters}}). Name the path parameter exactly.',
      notString: 'workspacePath names "{{parameter}}", whose type is {{typeText}}; a workspace path must be a string parameter. Type it as string.',
    },
  },
  TSH020: {
    severity: 'warning',
    messages: {
      settingsOrphaned:
        'Tool "{{name}}" appeared and tool "{{previous}}" disappeared, both with the same settings. Stored settings are keyed by tool name, so what users stored for "{{previous}}" no longer applies. If this is a rename, pin the old name: .withName(\'{{previous}}\').',
    },
  },
  TSH021: {
    severity: 'error',
    messages: {
      unknownCall:
        '{{call}} is not a {{kind}} toolgen knows, so it is not applied. Did you mean {{suggestion}}? Correct the name, or remove the call.',
      unknownCallNoMatch:
        '{{call}} is not a {{kind}} toolgen knows, so it is not applied; the closest ones it knows are {{closest}}. Write one of the calls docs/authoring.md lists, or remove this one.',
      chainedOntoToolsetCall:
        '{{call}} is chained onto {{toolsetCall}}, which returns nothing, so it is not applied. Write each toolset call as a statement of its own.',
    },
  },
  TSH022: {
    severity: 'warning',
    messages: {
      otherKeys:
        'The model cannot send the other keys of {{pointer}} of "{{tool}}" in {{variants}}: they take objects with named members only, so the object is closed and its other keys are said in words. Move them into a member of their own (e.g. "extra: Record<string, …>", which every variant sends as entries), or accept the loss.',
    },
  },
  TSH023: {
    severity: 'warning',
    messages: {
      foreignTag: '@{{tag}} on {{subject}} is {{origin}} that toolgen does not read, so it changes nothing in the schema. {{fix}}.',
      unknownInlineTag: '{@{{tag}}} in the @param text of "{{parameter}}" is not a tag toolgen reads, so it changes nothing in the schema. {{fix}}',
      inlineTagOnMember:
        '{@{{tag}}} in the summary of {{subject}} changes nothing in the schema: on a member, keyword tags are block tags. Write it on a line of its own: @{{tag}}{{value}}.',
      keywordOnMethod:
        '@{{tag}} on the method "{{method}}" applies to no parameter, so it changes nothing in the schema. Write it inside the @param text of the parameter it is for, after the description: @param {{parameter}} … {@{{tag}}{{value}}}.',
      unknownInlineTagInSummary:
        '{@{{tag}}} in the summary of {{subject}} is no tag toolgen reads, so it is left out of the description and changes nothing in the schema. To keep it as text, escape the brace (\\{@{{tag}}); otherwise correct the name or remove it.',
    },
  },
  TSH024: {
    severity: 'warning',
    messages: {
      additiveOnReadOnly:
        'additive() on "{{tool}}" says its writes only add, but "{{tool}}" is readOnly() and writes nothing, so additive() is left out. Remove additive(), or readOnly() if the tool does write.',
      idempotentOnReadOnly:
        'idempotent() on "{{tool}}" says a repeated call has no further effect, which a readOnly() tool has already (it is listed as idempotent), so idempotent() is left out. Remove it, or readOnly() if the tool does write.',
      emptyTitle: 'withTitle on "{{tool}}" gives an empty title, so it is left out. Give people a short title such as \'Search tickets\', or remove the call.',
    },
  },
  TSH025: {
    severity: 'warning',
    messages: {
      atInText:
        '"@{{tag}}" in {{place}} is text to toolgen, which keeps it, but TSDoc tools (API Extractor, TypeDoc, eslint-plugin-tsdoc) read it as a tag or a mistake. Say that it is text: write \\@{{tag}}, or put it in a code span (`@{{tag}}`).',
      tagInText:
        '@{{tag}} in the middle of a sentence in {{place}} starts a tag, so the words after it are not in the description: they are read as the text of @{{tag}}. If it is text, write \\@{{tag}} or put it in a code span; if it is a tag, start it on a line of its own or after a full stop.',
      unknownBlockTag:
        '@{{tag}} starts a line in {{place}}, so it is read as a block tag, and neither TSDoc nor toolgen defines it: its text is in no description or schema. If it is text, write \\@{{tag}} or move it off the start of the line; if it is another tool\'s tag, remove it, or keep it knowing that toolgen leaves its text out.',
      unescapedBrace:
        '"{{tag}}" in {{place}} does not start an inline tag ("{@"), so TSDoc tools read it as a mistake; toolgen keeps it as text. Escape it (\\{{tag}}) or put the text in a code span.',
      malformedInlineTag:
        'The inline tag at "{{tag}}" in {{place}} is not closed, so TSDoc reads the rest of it as text. Close it with "}" ({@tag value}), or escape the brace (\\{) if it is text.',
      braceInInlineTag:
        'The inline tag "{{tag}}" in {{place}} holds a brace of its own, which TSDoc does not allow, so the tag is not read: it constrains nothing, and its text stays in the description. A tag\'s value runs to its first "}", so a value with braces (a pattern such as ^[0-9]{13}$) cannot be an inline tag: on a member, write it as a block tag on a line of its own (@pattern ^[0-9]{13}$); for a parameter, make it a member of an object parameter and tag the member.',
    },
  },
  TSH026: {
    severity: 'error',
    messages: {
      unresolvedRuntime:
        'Class "{{className}}" extends {{base}} from "{{module}}", but that import does not resolve to the @toolgen/runtime package, so toolgen sees no toolset here and generates none of its tools. Install the runtime where this project resolves its packages (npm install @toolgen/runtime), or correct the import.',
    },
  },
  TSH030: {
    severity: 'error',
    messages: {
      unknownTool:
        'Policy entry "{{toolName}}" names no tool of the toolset owner "{{owner}}" in this project or its references, so it never applies. Did you mean "{{suggestion}}"? Write the qualified name toolgen.manifest.json lists.',
      unknownToolNoSuggestion:
        'Policy entry "{{toolName}}" names no tool of the toolset owner "{{owner}}" in this project or its references, so it never applies. Write a qualified name toolgen.manifest.json lists, or remove the entry.',
    },
  },
  TSH031: {
    severity: 'warning',
    messages: {
      relaxedApproval:
        'The policy sets "{{toolName}}" to auto_approve, relaxing the tool\'s requiresApproval(): this agent runs it without asking anyone. If that is not intended, use require_approval or default.',
    },
  },
  TSH032: {
    severity: 'warning',
    messages: {
      hiddenTool:
        'The entry for "{{toolName}}" ({{approvalMode}}) never applies: the tool is marked {{marker}}, so {{kind}} agents never see it, and this file is a {{kind}} agent\'s policy (it sets "{{evidence}}", a {{evidenceMarker}} tool, to {{evidenceMode}} at line {{evidenceLine}}). Remove the entry, or move it to a {{otherKind}} agent\'s policy file.',
    },
  },
  TSH033: {
    severity: 'error',
    messages: {
      unloadable: 'The policy file cannot be loaded (the runtime\'s loadToolPolicies rejects it too): {{problem}}',
    },
  },
  TSH034: {
    severity: 'warning',
    messages: {
      nearMiss:
        'Policy entry "{{toolName}}" names no tool of this project or its references, and is close to "{{suggestion}}". If it names a tool of an MCP server or plugin, keep it; if it is a misspelling, the entry never applies: write "{{suggestion}}".',
      toolNameOnly:
        'Policy entry "{{toolName}}" is the name of the tool "{{suggestion}}", and policies match qualified names: an agent\'s policy never applies it (only toolgen mcp --names name does). Write "{{suggestion}}".',
    },
  },
  TSH040: {
    severity: 'warning',
    messages: {
      overBudget:
        'The project\'s {{tools}} tools cost {{tokens}} tokens in the {{variant}} tool list (o200k_base), over the token budget of {{budget}}: an agent offered them all pays that in every request. Offer them through tool search (resolveAgentToolsWithSearch: the agent starts with search_tools and its pinned tools), offer fewer tools per agent, or raise "toolgen.tokenBudget".',
    },
  },
} as const satisfies Record<string, DiagnosticDefinition>;

export interface DiagnosticDefinition {
  readonly severity: DiagnosticSeverity;
  readonly messages: Readonly<Record<string, string>>;
}

export type DiagnosticSeverity = 'error' | 'warning';
export type DiagnosticCode = keyof typeof diagnosticCatalogue;
export type MessageId<C extends DiagnosticCode> = keyof (typeof diagnosticCatalogue)[C]['messages'] & string;

/** Renders a `{{placeholder}}` template; a missing placeholder is a bug, so it throws. */
export function renderMessage(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    const value = data[key];
    if (value === undefined) {
      throw new Error(`Diagnostic template is missing the value "${key}": ${template}`);
    }
    return value;
  });
}
