import type { JsonSchema } from '@toolgen/runtime';
import { builds, type Fixture } from '../row.js';

/**
 * Canonical parameter schemas, exactly as `toJsonSchema` prints them, one per feature the variants treat: the `want` of
 * the rows below, and the schema of their variants where a variant leaves it as it is.
 */
export const canonical = {
  flat: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to search for' },
      limit: { type: 'integer', description: 'How many tickets to return.', default: 10 },
    },
    required: ['query'],
    additionalProperties: false,
  },
  nullable: {
    type: 'object',
    properties: {
      assignee: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Who works on it, or null' },
      closedAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      ref: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    },
    required: ['assignee', 'ref'],
    additionalProperties: false,
  },
  optionalNullable: {
    type: 'object',
    properties: {
      assignee: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Who works on it; null unassigns it' },
      anything: {},
      notes: {
        type: 'array',
        items: {
          type: 'object',
          properties: { due: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }], default: null } },
          required: [],
          additionalProperties: false,
        },
      },
    },
    required: ['notes'],
    additionalProperties: false,
  },
  nested: {
    type: 'object',
    properties: {
      filter: {
        type: 'object',
        properties: {
          owner: { type: 'string' },
          team: { type: 'string' },
        },
        required: ['owner'],
        additionalProperties: false,
        description: 'Which tickets',
      },
    },
    required: [],
    additionalProperties: false,
  },
  enumConst: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['open', 'closed'] },
      priority: { enum: [1, 'high'] },
      target: {
        anyOf: [
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'user' }, id: { type: 'string' } },
            required: ['kind', 'id'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'team' }, slug: { type: 'string' } },
            required: ['kind', 'slug'],
            additionalProperties: false,
          },
        ],
      },
    },
    required: ['status', 'priority', 'target'],
    additionalProperties: false,
  },
  numericEnum: {
    type: 'object',
    properties: {
      severity: { type: 'number', enum: [1, 2, 3], description: 'How bad it is' },
      level: { anyOf: [{ type: 'number', const: 0 }, { type: 'boolean', const: true }, { type: 'null' }] },
      label: { type: 'string', enum: ['minor', 'major'] },
    },
    required: ['severity', 'level', 'label'],
    additionalProperties: false,
  },
  bounds: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      title: { type: 'string', minLength: 3, maxLength: 20, description: 'The title' },
    },
    required: ['limit', 'score', 'title'],
    additionalProperties: false,
  },
  pattern: {
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^T-\\d+$', description: 'The ticket id.' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  formats: {
    type: 'object',
    properties: {
      due: { type: 'string', format: 'date-time' },
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
    },
    required: ['due', 'email', 'site'],
    additionalProperties: false,
  },
  array: {
    type: 'object',
    properties: {
      tags: { type: 'array', items: { type: 'string', maxLength: 10 }, minItems: 1, maxItems: 5 },
    },
    required: ['tags'],
    additionalProperties: false,
  },
  tuples: {
    type: 'object',
    properties: {
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 },
      range: {
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'integer', maximum: 9 }],
        items: false,
        minItems: 1,
        maxItems: 2,
      },
      command: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' }, minItems: 1 },
    },
    required: ['point', 'range', 'command'],
    additionalProperties: false,
  },
  maps: {
    type: 'object',
    properties: {
      labels: {
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: { type: 'integer', maximum: 5 },
        description: 'Votes by label',
      },
      meta: {
        type: 'object',
        properties: { source: { type: 'string' } },
        required: ['source'],
        additionalProperties: { type: 'string' },
      },
    },
    required: ['labels', 'meta'],
    additionalProperties: false,
  },
  selfRecursive: {
    type: 'object',
    properties: {
      tree: { $ref: '#/$defs/TreeNode', description: 'The tree to search' },
    },
    required: ['tree'],
    additionalProperties: false,
    $defs: {
      TreeNode: {
        type: 'object',
        properties: {
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
        },
        required: ['label'],
        additionalProperties: false,
        description: 'A node of the tree.',
      },
    },
  },
  mutuallyRecursive: {
    type: 'object',
    properties: {
      category: { $ref: '#/$defs/Category' },
      featured: { $ref: '#/$defs/Item' },
    },
    required: ['category'],
    additionalProperties: false,
    $defs: {
      Category: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          items: { type: 'array', items: { $ref: '#/$defs/Item' } },
        },
        required: ['name', 'items'],
        additionalProperties: false,
      },
      Item: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          category: { $ref: '#/$defs/Category' },
        },
        required: ['name'],
        additionalProperties: false,
      },
    },
  },
  sharedDefs: {
    type: 'object',
    properties: {
      owner: { $ref: '#/$defs/Person' },
      reviewer: { $ref: '#/$defs/Person' },
    },
    required: ['owner'],
    additionalProperties: false,
    $defs: {
      Person: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 50 } },
        required: ['name'],
        additionalProperties: false,
      },
    },
  },
  annotations: {
    type: 'object',
    properties: {
      mode: {
        type: 'string',
        enum: ['fast', 'safe'],
        description: 'How to run\n\nDeprecated: do not send it unless you must.',
        default: 'safe',
        examples: ['fast'],
        deprecated: true,
      },
      legacy: { type: 'boolean', description: 'Deprecated: do not send it unless you must.', deprecated: true },
    },
    required: [],
    additionalProperties: false,
  },
} as const satisfies Record<string, JsonSchema>;

const leaveOut = 'Send null to leave it out, or {"value": ...} to set it; {"value": null} sets it to null.';

/** openai-strict's optional member that may be null: null for absent, or the value wrapped, so null stays sayable. */
function wrapped(value: JsonSchema, description: string): JsonSchema {
  return {
    anyOf: [{ type: 'object', properties: { value }, required: ['value'], additionalProperties: false }, { type: 'null' }],
    description,
  };
}

const entriesWords = 'Send the map as {"entries": [{"key": ..., "value": ...}]}: one entry per key.';

/** A map as openai-strict (`closed`) and gemini send it: `{ entries: [{ key, value }] }`. */
function entries(value: JsonSchema, description: string, closed: boolean): JsonSchema {
  const close = closed ? { additionalProperties: false } : {};
  return {
    type: 'object',
    properties: {
      entries: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, value }, required: ['key', 'value'], ...close } },
    },
    required: ['entries'],
    ...close,
    description,
  };
}

/** openai-strict's def for a position that takes any value: every schema there has a type, and objects are entries. */
const jsonValueDef: JsonSchema = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', items: { $ref: '#/$defs/JsonValue' } },
    {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { type: 'string' }, value: { $ref: '#/$defs/JsonValue' } },
            required: ['key', 'value'],
            additionalProperties: false,
          },
        },
      },
      required: ['entries'],
      additionalProperties: false,
    },
  ],
  description: 'Any JSON value; send an object as {"entries": [{"key": ..., "value": ...}]}.',
};

/*
 * One row per feature the provider variants treat, in the table every construct is in (fromTypeFixtures.ts's
 * `fixtures`): its TypeScript, its canonical schema, valid and invalid samples, and what each provider variant makes of
 * it, exactly, with its losses (`says` is the docs' cell). A row without TypeScript is a schema TypeScript does not
 * derive but an imported MCP server's may have; it runs through every mode but derivation and the generated validator.
 * docs/schema.md's provider table is rendered from these rows.
 */
export const variantFixtures: readonly Fixture[] = [
  {
    name: 'provider variants: flat',
    feature: 'Optional members and defaults',
    source: `export interface Subject {
        /** Words to search for */
        query: string;
        /**
         * How many tickets to return.
         * @integer
         * @default 10
         */
        limit?: number;
      }`,
    want: canonical.flat,
    valid: [{ query: 'printer' }, { query: 'printer', limit: 3 }],
    invalid: [{}, { query: 1 }, { query: 'a', limit: 1.5 }, { query: 'a', other: 1 }],
    variants: {
      'openai-strict': {
        says: 'flat object: an optional becomes required and nullable, its default said in words',
        schema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'Words to search for' },
            limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'How many tickets to return. Defaults to 10.' },
          },
          required: ['query', 'limit'],
          additionalProperties: false,
        },
        losses: [],
      },
      anthropic: { says: 'flat object is kept, default included', schema: canonical.flat, losses: [] },
      gemini: {
        says: 'flat object: additionalProperties dropped silently, default kept',
        schema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'Words to search for' },
            limit: { type: 'integer', description: 'How many tickets to return.', default: 10 },
          },
          required: ['query'],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: nullable',
    feature: 'Nullable members (`T \\| null`)',
    source: `/** @integer */
      type Int = number;
      export interface Subject {
        /** Who works on it, or null */
        assignee: string | null;
        closedAt?: Date | null;
        ref: string | Int | null;
      }`,
    want: canonical.nullable,
    valid: [{ assignee: null, ref: 2 }, builds({ assignee: 'ann', closedAt: '2024-05-01T10:00:00Z', ref: 'T-1' }, { assignee: 'ann', closedAt: new Date('2024-05-01T10:00:00Z'), ref: 'T-1' })],
    invalid: [{ assignee: 'a' }, { assignee: 1, ref: 1 }, { assignee: null, ref: 1.5 }, { assignee: null, ref: null, closedAt: 'soon' }],
    variants: {
      'openai-strict': {
        says: 'nullable: required nullables are kept, an optional nullable is wrapped so that null and absent stay apart',
        schema: {
          type: 'object',
          properties: {
            assignee: canonical.nullable.properties.assignee,
            closedAt: wrapped({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }, leaveOut),
            ref: canonical.nullable.properties.ref,
          },
          required: ['assignee', 'closedAt', 'ref'],
          additionalProperties: false,
        },
        losses: [],
      },
      anthropic: { says: 'nullable is kept', schema: canonical.nullable, losses: [] },
      gemini: {
        says: 'nullable: the null member becomes nullable: true on the others',
        schema: {
          type: 'object',
          properties: {
            assignee: { type: 'string', nullable: true, description: 'Who works on it, or null' },
            closedAt: { type: 'string', nullable: true, format: 'date-time' },
            ref: { anyOf: [{ type: 'string', nullable: true }, { type: 'integer', nullable: true }] },
          },
          required: ['assignee', 'ref'],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: optionalNullable',
    feature: 'Optional members that may also be null',
    source: `export interface Subject {
        /** Who works on it; null unassigns it */
        assignee?: string | null;
        anything?: unknown;
        notes: {
          /** @default null */
          due?: Date | null;
        }[];
      }`,
    want: canonical.optionalNullable,
    valid: [
      { notes: [] },
      builds(
        { assignee: null, anything: null, notes: [{}, { due: null }, { due: '2024-05-01T10:00:00Z' }] },
        { assignee: null, anything: null, notes: [{}, { due: null }, { due: new Date('2024-05-01T10:00:00Z') }] },
      ),
      { assignee: 'ann', anything: { value: 1 }, notes: [] },
    ],
    invalid: [{}, { notes: [{ due: 'soon' }] }, { notes: [], assignee: 1 }, { notes: [{ other: 1 }] }],
    variants: {
      'openai-strict': {
        says: 'optional nullable members at any depth: null is absent, {"value": x} is x, the encoding said in words; any value is JsonValue',
        schema: {
          type: 'object',
          properties: {
            assignee: wrapped({ anyOf: [{ type: 'string' }, { type: 'null' }] }, `Who works on it; null unassigns it. ${leaveOut}`),
            anything: wrapped({ $ref: '#/$defs/JsonValue' }, leaveOut),
            notes: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  due: wrapped({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }, `Defaults to null. ${leaveOut}`),
                },
                required: ['due'],
                additionalProperties: false,
              },
            },
          },
          required: ['assignee', 'anything', 'notes'],
          additionalProperties: false,
          $defs: { JsonValue: jsonValueDef },
        },
        losses: [],
      },
      anthropic: { says: 'optional nullables are kept', schema: canonical.optionalNullable, losses: [] },
      gemini: {
        says: 'optional nullables: nullable: true, still optional',
        schema: {
          type: 'object',
          properties: {
            assignee: { type: 'string', nullable: true, description: 'Who works on it; null unassigns it' },
            anything: {},
            notes: {
              type: 'array',
              items: {
                type: 'object',
                properties: { due: { type: 'string', nullable: true, format: 'date-time', default: null } },
                required: [],
              },
            },
          },
          required: ['notes'],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: nested',
    feature: 'Nested objects',
    source: `export interface Subject {
        /** Which tickets */
        filter?: { owner: string; team?: string };
      }`,
    want: canonical.nested,
    valid: [{}, { filter: { owner: 'me' } }],
    invalid: [{ filter: {} }, { filter: { owner: 1 } }, { filter: { owner: 'a', extra: 1 } }],
    variants: {
      'openai-strict': {
        says: 'nested object: closed and fully required at every level',
        schema: {
          type: 'object',
          properties: {
            filter: {
              anyOf: [
                {
                  type: 'object',
                  properties: { owner: { type: 'string' }, team: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
                  required: ['owner', 'team'],
                  additionalProperties: false,
                },
                { type: 'null' },
              ],
              description: 'Which tickets',
            },
          },
          required: ['filter'],
          additionalProperties: false,
        },
        losses: [],
      },
      anthropic: { says: 'nested object is kept', schema: canonical.nested, losses: [] },
      gemini: {
        says: 'nested object',
        schema: {
          type: 'object',
          properties: {
            filter: {
              type: 'object',
              properties: { owner: { type: 'string' }, team: { type: 'string' } },
              required: ['owner'],
              description: 'Which tickets',
            },
          },
          required: [],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: enumConst',
    feature: 'String enums, consts and discriminated unions',
    source: `enum Priority { Low = 1, High = 'high' }
      export interface Subject {
        status: 'open' | 'closed';
        priority: Priority;
        target: { kind: 'user'; id: string } | { kind: 'team'; slug: string };
      }`,
    want: canonical.enumConst,
    valid: [{ status: 'open', priority: 'high', target: { kind: 'team', slug: 'ops' } }],
    invalid: [
      { status: 'pending', priority: 1, target: { kind: 'user', id: 'u' } },
      { status: 'open', priority: 2, target: { kind: 'user', id: 'u' } },
      { status: 'open', priority: 'high', target: { kind: 'team', id: 'u' } },
    ],
    variants: {
      'openai-strict': { says: 'enum and const are kept', schema: canonical.enumConst, losses: [] },
      anthropic: { says: 'enum and const are kept', schema: canonical.enumConst, losses: [] },
      gemini: {
        says: 'a string const becomes a one-value enum; an enum not only of strings is said in words',
        schema: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['open', 'closed'] },
            priority: { description: 'Must be one of 1, "high".' },
            target: {
              anyOf: [
                {
                  type: 'object',
                  properties: { kind: { type: 'string', enum: ['user'] }, id: { type: 'string' } },
                  required: ['kind', 'id'],
                },
                {
                  type: 'object',
                  properties: { kind: { type: 'string', enum: ['team'] }, slug: { type: 'string' } },
                  required: ['kind', 'slug'],
                },
              ],
            },
          },
          required: ['status', 'priority', 'target'],
        },
        losses: [['/priority', 'enum']],
      },
    },
  },
  {
    name: 'provider variants: numericEnum',
    feature: 'Numeric and boolean enums and consts',
    source: `export interface Subject {
        /** How bad it is */
        severity: 1 | 2 | 3;
        level: 0 | true | null;
        label: 'minor' | 'major';
      }`,
    want: canonical.numericEnum,
    valid: [{ severity: 2, level: true, label: 'minor' }, { severity: 1, level: null, label: 'major' }],
    invalid: [{ severity: 4, level: null, label: 'minor' }, { severity: 1, level: false, label: 'minor' }, { severity: 1, level: 0, label: 'medium' }],
    variants: {
      'openai-strict': { says: 'numeric and boolean enums and consts are kept', schema: canonical.numericEnum, losses: [] },
      anthropic: { says: 'numeric and boolean enums and consts are kept', schema: canonical.numericEnum, losses: [] },
      gemini: {
        says: 'numeric enums and non-string consts are said in words (Gemini takes enum on strings only)',
        schema: {
          type: 'object',
          properties: {
            severity: { type: 'number', description: 'How bad it is. Must be one of 1, 2, 3.' },
            level: {
              anyOf: [
                { type: 'number', nullable: true, description: 'Must be 0.' },
                { type: 'boolean', nullable: true, description: 'Must be true.' },
              ],
            },
            label: { type: 'string', enum: ['minor', 'major'] },
          },
          required: ['severity', 'level', 'label'],
        },
        losses: [['/level', 'const'], ['/severity', 'enum']],
      },
    },
  },
  {
    name: 'provider variants: bounds',
    feature: 'Numeric and length bounds',
    source: `export interface Subject {
        /**
         * @integer
         * @minimum 1
         * @maximum 100
         */
        limit: number;
        /**
         * @exclusiveMinimum 0
         * @exclusiveMaximum 1
         */
        score: number;
        /**
         * The title
         * @minLength 3
         * @maxLength 20
         */
        title: string;
      }`,
    want: canonical.bounds,
    valid: [{ limit: 5, score: 0.5, title: 'Hello' }],
    invalid: [
      { limit: 0, score: 0.5, title: 'Hello' },
      { limit: 5.5, score: 0.5, title: 'Hello' },
      { limit: 5, score: 1, title: 'Hello' },
      { limit: 5, score: 0.5, title: 'Hi' },
    ],
    variants: {
      'openai-strict': {
        says: 'numeric bounds are kept, length bounds said in words',
        schema: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100 },
            score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
            title: { type: 'string', description: 'The title. At least 3 characters. At most 20 characters.' },
          },
          required: ['limit', 'score', 'title'],
          additionalProperties: false,
        },
        losses: [['/title', 'maxLength'], ['/title', 'minLength']],
      },
      anthropic: {
        says: 'numeric and length bounds are said in words',
        schema: {
          type: 'object',
          properties: {
            limit: { type: 'integer', description: 'Must be at least 1. Must be at most 100.' },
            score: { type: 'number', description: 'Must be greater than 0. Must be less than 1.' },
            title: { type: 'string', description: 'The title. At least 3 characters. At most 20 characters.' },
          },
          required: ['limit', 'score', 'title'],
          additionalProperties: false,
        },
        losses: [
          ['/limit', 'maximum'],
          ['/limit', 'minimum'],
          ['/score', 'exclusiveMaximum'],
          ['/score', 'exclusiveMinimum'],
          ['/title', 'maxLength'],
          ['/title', 'minLength'],
        ],
      },
      gemini: {
        says: 'inclusive and length bounds kept, exclusive bounds said in words',
        schema: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100 },
            score: { type: 'number', description: 'Must be greater than 0. Must be less than 1.' },
            title: { type: 'string', minLength: 3, maxLength: 20, description: 'The title' },
          },
          required: ['limit', 'score', 'title'],
        },
        losses: [['/score', 'exclusiveMaximum'], ['/score', 'exclusiveMinimum']],
      },
    },
  },
  {
    name: 'provider variants: pattern',
    feature: '`@pattern`',
    source: `export interface Subject {
        /**
         * The ticket id.
         * @pattern ^T-\\d+$
         */
        id: string;
      }`,
    want: canonical.pattern,
    valid: [{ id: 'T-12' }],
    invalid: [{ id: 'T-' }, { id: 'X-1' }],
    variants: {
      'openai-strict': { says: 'pattern is kept', schema: canonical.pattern, losses: [] },
      anthropic: { says: 'pattern is kept', schema: canonical.pattern, losses: [] },
      gemini: {
        says: 'pattern is kept',
        schema: {
          type: 'object',
          properties: { id: { type: 'string', pattern: '^T-\\d+$', description: 'The ticket id.' } },
          required: ['id'],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: formats',
    feature: 'Formats (`date-time`, `email`, `uri`)',
    source: `export interface Subject {
        due: Date;
        /** @format email */
        email: string;
        /** @format uri */
        site: string;
      }`,
    want: canonical.formats,
    valid: [
      builds(
        { due: '2024-05-01T10:00:00Z', email: 'ann@example.com', site: 'https://example.com' },
        { due: new Date('2024-05-01T10:00:00Z'), email: 'ann@example.com', site: 'https://example.com' },
      ),
    ],
    invalid: [
      { due: 'tomorrow', email: 'ann@example.com', site: 'https://example.com' },
      { due: '2024-05-01T10:00:00Z', email: 'ann', site: 'https://example.com' },
      { due: '2024-05-01T10:00:00Z', email: 'ann@example.com', site: 'relative/path' },
    ],
    variants: {
      'openai-strict': {
        says: 'supported formats are kept, others said in words',
        schema: {
          type: 'object',
          properties: {
            due: { type: 'string', format: 'date-time' },
            email: { type: 'string', format: 'email' },
            site: { type: 'string', description: 'Must be in the uri format.' },
          },
          required: ['due', 'email', 'site'],
          additionalProperties: false,
        },
        losses: [['/site', 'format']],
      },
      anthropic: { says: 'formats are kept', schema: canonical.formats, losses: [] },
      gemini: {
        says: 'formats are kept',
        schema: { type: 'object', properties: canonical.formats.properties, required: ['due', 'email', 'site'] },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: array',
    feature: 'Item counts and bounds of array items',
    source: `/** @maxLength 10 */
      type Tag = string;
      export interface Subject {
        /**
         * @minItems 1
         * @maxItems 5
         */
        tags: Tag[];
      }`,
    want: canonical.array,
    valid: [{ tags: ['a', 'b'] }],
    invalid: [{ tags: [] }, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, { tags: ['longer than ten'] }],
    variants: {
      'openai-strict': {
        says: 'array: item counts kept, a bound of its items lost at /*',
        schema: {
          type: 'object',
          properties: {
            tags: { type: 'array', items: { type: 'string', description: 'At most 10 characters.' }, minItems: 1, maxItems: 5 },
          },
          required: ['tags'],
          additionalProperties: false,
        },
        losses: [['/tags/*', 'maxLength']],
      },
      anthropic: {
        says: 'array: item counts and item bounds are said in words',
        schema: {
          type: 'object',
          properties: {
            tags: {
              type: 'array',
              items: { type: 'string', description: 'At most 10 characters.' },
              description: 'At least 1 item. At most 5 items.',
            },
          },
          required: ['tags'],
          additionalProperties: false,
        },
        losses: [['/tags', 'maxItems'], ['/tags', 'minItems'], ['/tags/*', 'maxLength']],
      },
      gemini: {
        says: 'array bounds are kept',
        schema: { type: 'object', properties: canonical.array.properties, required: ['tags'] },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: tuples',
    feature: 'Tuples',
    source: `/**
       * @integer
       * @maximum 9
       */
      type Digit = number;
      export interface Subject {
        point: [number, number];
        range: [string, Digit?];
        command: [string, ...boolean[]];
      }`,
    want: canonical.tuples,
    valid: [{ point: [1, 2], range: ['a'], command: ['run', true, false] }],
    invalid: [
      { point: [1], range: ['a'], command: ['run'] },
      { point: [1, 2], range: ['a', 10], command: ['run'] },
      { point: [1, 2], range: ['a'], command: ['run', 'x'] },
    ],
    variants: {
      'openai-strict': {
        says: 'tuples with and without rest become arrays of their distinct elements, the order said in words',
        schema: {
          type: 'object',
          properties: {
            point: {
              type: 'array',
              items: { type: 'number' },
              minItems: 2,
              maxItems: 2,
              description: 'A list of exactly 2 items: a number, then a number.',
            },
            range: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'integer', maximum: 9 }] },
              minItems: 1,
              maxItems: 2,
              description: 'A list of 1 to 2 items: a string, then optionally an integer.',
            },
            command: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
              minItems: 1,
              description: 'A list of at least 1 item: a string, then zero or more booleans.',
            },
          },
          required: ['point', 'range', 'command'],
          additionalProperties: false,
        },
        losses: [['/command', 'prefixItems'], ['/point', 'prefixItems'], ['/range', 'prefixItems']],
      },
      anthropic: {
        says: 'tuples become arrays; their counts are said once, by the tuple sentence',
        schema: {
          type: 'object',
          properties: {
            point: { type: 'array', items: { type: 'number' }, description: 'A list of exactly 2 items: a number, then a number.' },
            range: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'integer', description: 'Must be at most 9.' }] },
              description: 'A list of 1 to 2 items: a string, then optionally an integer.',
            },
            command: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
              description: 'A list of at least 1 item: a string, then zero or more booleans.',
            },
          },
          required: ['point', 'range', 'command'],
          additionalProperties: false,
        },
        losses: [
          ['/command', 'minItems'],
          ['/command', 'prefixItems'],
          ['/point', 'maxItems'],
          ['/point', 'minItems'],
          ['/point', 'prefixItems'],
          ['/range', 'maxItems'],
          ['/range', 'minItems'],
          ['/range', 'prefixItems'],
          ['/range/1', 'maximum'],
        ],
      },
      gemini: {
        says: 'tuples become arrays of their distinct elements, counts kept',
        schema: {
          type: 'object',
          properties: {
            point: {
              type: 'array',
              items: { type: 'number' },
              minItems: 2,
              maxItems: 2,
              description: 'A list of exactly 2 items: a number, then a number.',
            },
            range: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'integer', maximum: 9 }] },
              minItems: 1,
              maxItems: 2,
              description: 'A list of 1 to 2 items: a string, then optionally an integer.',
            },
            command: {
              type: 'array',
              items: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
              minItems: 1,
              description: 'A list of at least 1 item: a string, then zero or more booleans.',
            },
          },
          required: ['point', 'range', 'command'],
        },
        losses: [['/command', 'prefixItems'], ['/point', 'prefixItems'], ['/range', 'prefixItems']],
      },
    },
  },
  {
    name: 'provider variants: maps',
    feature: '`Record<string, T>` and index signatures',
    source: `/**
       * @integer
       * @maximum 5
       */
      type Votes = number;
      export interface Subject {
        /** Votes by label */
        labels: Record<string, Votes>;
        meta: { source: string; [key: string]: string };
      }`,
    want: canonical.maps,
    valid: [{ labels: {}, meta: { source: 'web' } }],
    invalid: [{ labels: { a: 6 }, meta: { source: 'web' } }, { labels: {}, meta: {} }, { labels: {}, meta: { source: 'web', other: 1 } }],
    variants: {
      'openai-strict': {
        says: 'maps are sent as their entries; other keys beside named members stay closed, described in words',
        schema: {
          type: 'object',
          properties: {
            labels: entries({ type: 'integer', maximum: 5 }, `Votes by label. ${entriesWords}`, true),
            meta: {
              type: 'object',
              properties: { source: { type: 'string' } },
              required: ['source'],
              additionalProperties: false,
              description: 'Other keys are also allowed, with strings as values.',
            },
          },
          required: ['labels', 'meta'],
          additionalProperties: false,
        },
        losses: [['/meta', 'additionalProperties']],
      },
      anthropic: {
        says: 'maps are kept; a bound of their values is lost at /*',
        schema: {
          type: 'object',
          properties: {
            labels: {
              type: 'object',
              properties: {},
              required: [],
              additionalProperties: { type: 'integer', description: 'Must be at most 5.' },
              description: 'Votes by label',
            },
            meta: canonical.maps.properties.meta,
          },
          required: ['labels', 'meta'],
          additionalProperties: false,
        },
        losses: [['/labels/*', 'maximum']],
      },
      gemini: {
        says: 'maps are sent as their entries; other keys beside named members are said in words',
        schema: {
          type: 'object',
          properties: {
            labels: entries({ type: 'integer', maximum: 5 }, `Votes by label. ${entriesWords}`, false),
            meta: {
              type: 'object',
              properties: { source: { type: 'string' } },
              required: ['source'],
              description: 'Other keys are also allowed, with strings as values.',
            },
          },
          required: ['labels', 'meta'],
        },
        losses: [['/meta', 'additionalProperties']],
      },
    },
  },
  {
    name: 'provider variants: selfRecursive',
    feature: 'Recursive types',
    // no TypeScript: a def with a description of its own
    want: canonical.selfRecursive,
    valid: [{ tree: { label: 'root', children: [{ label: 'leaf' }] } }],
    invalid: [{ tree: { children: [] } }, { tree: { label: 'r', children: [{ label: 1 }] } }],
    variants: {
      'openai-strict': {
        says: 'self-recursive $defs are kept',
        schema: {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/TreeNode', description: 'The tree to search' } },
          required: ['tree'],
          additionalProperties: false,
          $defs: {
            TreeNode: {
              type: 'object',
              properties: {
                label: { type: 'string' },
                children: { anyOf: [{ type: 'array', items: { $ref: '#/$defs/TreeNode' } }, { type: 'null' }] },
              },
              required: ['label', 'children'],
              additionalProperties: false,
              description: 'A node of the tree.',
            },
          },
        },
        losses: [],
      },
      anthropic: {
        says: 'self-recursive $defs are inlined and cut at the recursive edge',
        schema: {
          type: 'object',
          properties: {
            tree: {
              type: 'object',
              properties: {
                label: { type: 'string' },
                children: {
                  type: 'array',
                  items: { description: 'Recursive: a TreeNode with the same structure as the one at /tree.' },
                },
              },
              required: ['label'],
              additionalProperties: false,
              description: 'The tree to search. A node of the tree.',
            },
          },
          required: ['tree'],
          additionalProperties: false,
        },
        losses: [['/tree/children/*', '$ref']],
      },
      gemini: {
        says: 'self-recursive $defs are inlined and cut to an object at the recursive edge',
        schema: {
          type: 'object',
          properties: {
            tree: {
              type: 'object',
              properties: {
                label: { type: 'string' },
                children: {
                  type: 'array',
                  items: { type: 'object', description: 'Recursive: a TreeNode with the same structure as the one at /tree.' },
                },
              },
              required: ['label'],
              description: 'The tree to search. A node of the tree.',
            },
          },
          required: ['tree'],
        },
        losses: [['/tree/children/*', '$ref']],
      },
    },
  },
  {
    name: 'provider variants: mutuallyRecursive',
    feature: 'Mutually recursive types',
    // no TypeScript: two defs that refer to each other (TypeScript derives the first as a def and inlines the other)
    want: canonical.mutuallyRecursive,
    valid: [{ category: { name: 'c', items: [{ name: 'i' }] }, featured: { name: 'f', category: { name: 'd', items: [] } } }],
    invalid: [{ category: { name: 'c' } }, { category: { name: 'c', items: [{ name: 1 }] } }],
    variants: {
      'openai-strict': {
        says: 'mutually recursive $defs are kept',
        schema: {
          type: 'object',
          properties: {
            category: { $ref: '#/$defs/Category' },
            featured: { anyOf: [{ $ref: '#/$defs/Item' }, { type: 'null' }] },
          },
          required: ['category', 'featured'],
          additionalProperties: false,
          $defs: {
            Category: {
              type: 'object',
              properties: { name: { type: 'string' }, items: { type: 'array', items: { $ref: '#/$defs/Item' } } },
              required: ['name', 'items'],
              additionalProperties: false,
            },
            Item: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                category: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] },
              },
              required: ['name', 'category'],
              additionalProperties: false,
            },
          },
        },
        losses: [],
      },
      anthropic: {
        says: 'mutually recursive $defs are cut where a def repeats an enclosing one',
        schema: {
          type: 'object',
          properties: {
            category: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      name: { type: 'string' },
                      category: { description: 'Recursive: a Category with the same structure as the one at /category.' },
                    },
                    required: ['name'],
                    additionalProperties: false,
                  },
                },
              },
              required: ['name', 'items'],
              additionalProperties: false,
            },
            featured: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                category: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    items: {
                      type: 'array',
                      items: { description: 'Recursive: an Item with the same structure as the one at /featured.' },
                    },
                  },
                  required: ['name', 'items'],
                  additionalProperties: false,
                },
              },
              required: ['name'],
              additionalProperties: false,
            },
          },
          required: ['category'],
          additionalProperties: false,
        },
        losses: [['/category/items/*/category', '$ref'], ['/featured/category/items/*', '$ref']],
      },
      gemini: {
        says: 'mutually recursive $defs are cut where a def repeats an enclosing one',
        schema: {
          type: 'object',
          properties: {
            category: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      name: { type: 'string' },
                      category: {
                        type: 'object',
                        description: 'Recursive: a Category with the same structure as the one at /category.',
                      },
                    },
                    required: ['name'],
                  },
                },
              },
              required: ['name', 'items'],
            },
            featured: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                category: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    items: {
                      type: 'array',
                      items: { type: 'object', description: 'Recursive: an Item with the same structure as the one at /featured.' },
                    },
                  },
                  required: ['name', 'items'],
                },
              },
              required: ['name'],
            },
          },
          required: ['category'],
        },
        losses: [['/category/items/*/category', '$ref'], ['/featured/category/items/*', '$ref']],
      },
    },
  },
  {
    name: 'provider variants: sharedDefs',
    feature: 'A type used in two places',
    // no TypeScript: a def for a type that does not recur (TypeScript inlines it at each place)
    want: canonical.sharedDefs,
    valid: [{ owner: { name: 'ann' } }],
    invalid: [{}, { owner: { name: 'x'.repeat(51) } }, { owner: { name: 'a' }, reviewer: {} }],
    variants: {
      'openai-strict': {
        says: 'non-recursive $defs are kept; a loss inside is reported at the first place that reaches it',
        schema: {
          type: 'object',
          properties: {
            owner: { $ref: '#/$defs/Person' },
            reviewer: { anyOf: [{ $ref: '#/$defs/Person' }, { type: 'null' }] },
          },
          required: ['owner', 'reviewer'],
          additionalProperties: false,
          $defs: {
            Person: {
              type: 'object',
              properties: { name: { type: 'string', description: 'At most 50 characters.' } },
              required: ['name'],
              additionalProperties: false,
            },
          },
        },
        losses: [['/owner/name', 'maxLength']],
      },
      anthropic: {
        says: 'non-recursive $defs are inlined at every place, each with its own losses',
        schema: {
          type: 'object',
          properties: {
            owner: {
              type: 'object',
              properties: { name: { type: 'string', description: 'At most 50 characters.' } },
              required: ['name'],
              additionalProperties: false,
            },
            reviewer: {
              type: 'object',
              properties: { name: { type: 'string', description: 'At most 50 characters.' } },
              required: ['name'],
              additionalProperties: false,
            },
          },
          required: ['owner'],
          additionalProperties: false,
        },
        losses: [['/owner/name', 'maxLength'], ['/reviewer/name', 'maxLength']],
      },
      gemini: {
        says: 'non-recursive $defs are inlined',
        schema: {
          type: 'object',
          properties: {
            owner: { type: 'object', properties: { name: { type: 'string', maxLength: 50 } }, required: ['name'] },
            reviewer: { type: 'object', properties: { name: { type: 'string', maxLength: 50 } }, required: ['name'] },
          },
          required: ['owner'],
        },
        losses: [],
      },
    },
  },
  {
    name: 'provider variants: annotations',
    feature: '`@default`, `@example`, `@deprecated`',
    source: `export interface Subject {
        /**
         * How to run
         * @default "safe"
         * @example "fast"
         * @deprecated
         */
        mode?: 'fast' | 'safe';
        /** @deprecated */
        legacy?: boolean;
      }`,
    want: canonical.annotations,
    valid: [{}, { mode: 'fast', legacy: true }],
    invalid: [{ mode: 'slow' }, { legacy: 'yes' }],
    variants: {
      'openai-strict': {
        says: 'annotations: default said in words, examples dropped silently; the deprecated flag dropped, the description saying it',
        schema: {
          type: 'object',
          properties: {
            mode: {
              anyOf: [{ type: 'string', enum: ['fast', 'safe'] }, { type: 'null' }],
              description: 'How to run\n\nDeprecated: do not send it unless you must. Defaults to "safe".',
            },
            legacy: { anyOf: [{ type: 'boolean' }, { type: 'null' }], description: 'Deprecated: do not send it unless you must.' },
          },
          required: ['mode', 'legacy'],
          additionalProperties: false,
        },
        losses: [],
      },
      anthropic: { says: 'annotations are kept', schema: canonical.annotations, losses: [] },
      gemini: {
        says: 'annotations: default kept, examples dropped; the deprecated flag dropped, the description saying it',
        schema: {
          type: 'object',
          properties: {
            mode: { type: 'string', enum: ['fast', 'safe'], description: 'How to run\n\nDeprecated: do not send it unless you must.', default: 'safe' },
            legacy: { type: 'boolean', description: 'Deprecated: do not send it unless you must.' },
          },
          required: [],
        },
        losses: [],
      },
    },
  },
];
