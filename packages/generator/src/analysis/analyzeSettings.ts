import { asHostTypeNode } from '../host/syntax.js';
import type { HostType } from '../host/TypeHost.js';
import { ShapeBuilder } from '../schema/derive/ShapeBuilder.js';
import { toJsonSchema } from '../schema/toJsonSchema.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import { isExported } from './hostQueries.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import type { ChainFacts } from './builderCalls.js';
import type { SettingsModel } from './model.js';
import { reportShapeProblems, reportUnreadTags } from './shapeProblems.js';

export interface SettingsAnalysis {
  readonly type: HostType;
  readonly model: SettingsModel;
}

export function analyzeSettings(
  host: AnalysisHost,
  settings: NonNullable<ChainFacts['settings']>,
  toolName: string,
  sink: DiagnosticSink,
): SettingsAnalysis | undefined {
  const callName = settings.call.name;
  const typeNode = settings.call.call.typeArguments?.[0];
  if (typeNode === undefined) {
    sink.report('TSH012', 'missingSettingsType', settings.call.nameNode, { call: callName });
    return undefined;
  }
  const type = host.types.typeFromNode(asHostTypeNode(typeNode));
  const symbol = host.types.symbolOf(type);
  const classDeclaration = symbol === undefined ? undefined : host.declarations(symbol).find((declaration) => host.syntax.is(declaration, 'ClassDeclaration'));
  if (symbol === undefined || classDeclaration === undefined || classDeclaration.name === undefined) {
    sink.report('TSH012', 'settingsNotClass', typeNode, { settingsType: host.syntax.text(typeNode) });
    return undefined;
  }
  // the generated module imports the class and calls `new Settings()`: both must work
  const className = classDeclaration.name.text;
  if (!isExported(host, classDeclaration)) {
    sink.report('TSH012', 'settingsNotExported', typeNode, { settingsType: className });
  }
  const constructor = classDeclaration.members.find((member) => host.syntax.is(member, 'Constructor'));
  const required = constructor?.parameters.filter((parameter) => parameter.questionToken === undefined && parameter.initializer === undefined && parameter.dotDotDotToken === undefined);
  if (required !== undefined && required.length > 0) {
    sink.report('TSH012', 'settingsConstructorArguments', typeNode, { settingsType: className, parameters: required.map((parameter) => host.syntax.text(parameter.name)).join(', ') });
  }
  const settable: string[] = [];
  const readonlyMembers = new Set<string>();
  for (const member of classDeclaration.members) {
    if (!host.syntax.is(member, 'PropertyDeclaration') || member.name === undefined || !host.syntax.is(member.name, 'Identifier')) {
      continue;
    }
    if ((['static', 'private', 'protected'] as const).some((modifier) => host.syntax.hasModifier(member, modifier))) {
      continue;
    }
    if (host.syntax.hasModifier(member, 'readonly')) {
      readonlyMembers.add(member.name.text);
    } else {
      settable.push(member.name.text);
    }
  }
  const selected = new Set<string>();
  for (const selection of settings.selections) {
    if (readonlyMembers.has(selection.member)) {
      sink.report('TSH012', 'readonlyMember', selection.node, { call: selection.call.name, member: selection.member, settingsType: classDeclaration.name.text });
    } else if (!settable.includes(selection.member)) {
      sink.report('TSH012', 'unknownMember', selection.node, {
        call: selection.call.name,
        member: selection.member,
        settingsType: classDeclaration.name.text,
        members: settable.join(', ') || 'none',
      });
    } else {
      selected.add(selection.member);
    }
  }
  const configurable = (settings.configurable ? settable.filter((member) => !selected.has(member)) : [...selected]).sort();
  const builder = new ShapeBuilder({ host: host.types, purpose: 'input' });
  const root = builder.shapeOf(type, '', asHostTypeNode(typeNode));
  reportShapeProblems(host, sink, builder.problems, { code: 'TSH005', tool: toolName, rootOf: () => '', nodeOf: () => typeNode });
  reportUnreadTags(host, sink, builder.unreadTags, () => typeNode);
  const document = builder.document(root);
  return {
    type,
    model: {
      className: classDeclaration.name.text,
      source: host.syntax.fileName(classDeclaration),
      shape: document,
      schema: toJsonSchema(document),
      configurable,
    },
  };
}
