import type { Shape, ShapeDocument } from '../schema/shape.js';

/**
 * Which side of a call a type describes: `arguments` as the validator hands them to the method
 * (`Date`s and `URL`s), the `result` as the JSON the model receives (their strings), or what the
 * method is `returned` to give, loosely enough that its own declared type fits: arrays readonly,
 * optional members and index signatures' values also `undefined`, `Date`s and `URL`s as themselves.
 */
export type ShapeTypeSide = 'arguments' | 'result' | 'returned';

/**
 * A shape as a TypeScript type, written out: the type the generated module gives a tool's checked
 * arguments or its JSON result. Named shapes (`defs`, recursive types) become aliases named
 * `${prefix}<n>`, returned beside the root type so the module can declare them.
 */
export function shapeType(document: ShapeDocument, side: ShapeTypeSide, prefix: string): { readonly type: string; readonly aliases: readonly string[] } {
  const names = new Map(Object.keys(document.defs).map((name, index) => [name, `${prefix}${index}`] as const));
  const readonly = side === 'returned' ? 'readonly ' : '';
  const print = (shape: Shape): string => {
    switch (shape.kind) {
      case 'any':
        return side === 'result' ? 'JsonValue' : 'unknown';
      case 'string':
        return 'string';
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'literal':
        return JSON.stringify(shape.value);
      case 'enum':
        return shape.values.map((value) => JSON.stringify(value)).join(' | ');
      case 'date':
        return side === 'result' ? 'string' : 'Date';
      case 'url':
        return side === 'result' ? 'string' : 'URL';
      case 'array':
        return `${readonly}${element(shape.items)}[]`;
      case 'tuple': {
        const elements = shape.elements.map((member, index) => `${print(member)}${index >= shape.minItems ? '?' : ''}`);
        if (shape.rest !== null) elements.push(`...${element(shape.rest)}[]`);
        return `${readonly}[${elements.join(', ')}]`;
      }
      case 'object': {
        const members = shape.properties.map((property) => {
          // the validator builds a required key that takes undefined (`name: string | undefined`) when the model sends none
          const keyed = side === 'arguments' && property.absentAsUndefined === true;
          const mark = property.optional && !keyed ? '?' : '';
          const orUndefined = (property.optional && side === 'returned') || keyed ? ' | undefined' : '';
          return `${propertyName(property.name)}${mark}: ${print(property.shape)}${orUndefined}`;
        });
        if (shape.additionalProperties !== false) {
          // named members beside other keys: the index signature must admit the members' types too; what the method is
          // returned or declares may hold undefined values (`Partial<Record<string, V>>`), which JSON leaves out
          const value = side === 'returned' ? `${print(shape.additionalProperties)} | undefined` : print(shape.additionalProperties);
          members.push(`[key: string]: ${shape.properties.length === 0 ? value : side === 'result' ? 'JsonValue | undefined' : 'unknown'}`);
        }
        return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
      }
      case 'union':
        return shape.members.map((member) => print(member)).join(' | ');
      case 'ref':
        return names.get(shape.name) ?? (side === 'result' ? 'JsonValue' : 'unknown');
    }
  };
  const element = (shape: Shape): string => {
    const type = print(shape);
    const compound = shape.kind === 'union' || (shape.kind === 'enum' && shape.values.length > 1) || (readonly !== '' && (shape.kind === 'array' || shape.kind === 'tuple'));
    return compound ? `(${type})` : type;
  };
  const aliases = Object.entries(document.defs).map(([name, shape]) => `type ${names.get(name)!} = ${print(shape)};`);
  return { type: print(document.root), aliases };
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
