import type { JsonSchema } from '@toolgen/runtime';
import { canonical } from './fixtures.js';

/** The losses a row expects: JSON Pointer and keyword, in the order the variant reports them. */
export type Losses = readonly (readonly [pointer: string, keyword: string])[];

export interface Row {
  readonly name: string;
  readonly canonical: JsonSchema;
  readonly want: { readonly schema: JsonSchema; readonly losses: Losses };
}

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
 * What each provider variant makes of each canonical fixture: the rows variants.test.ts checks,
 * and the provider table of the generated docs/schema.md, whose cells are these names.
 */

export const openAiRows: readonly Row[] = [
  {
    name: 'flat object: an optional becomes required and nullable, its default said in words',
    canonical: canonical.flat,
    want: {
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
  },
  {
    name: 'nullable: required nullables are kept, an optional nullable is wrapped so that null and absent stay apart',
    canonical: canonical.nullable,
    want: {
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
  },
  {
    name: 'optional nullable members at any depth: null is absent, {"value": x} is x, the encoding said in words; any value is JsonValue',
    canonical: canonical.optionalNullable,
    want: {
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
  },
  {
    name: 'nested object: closed and fully required at every level',
    canonical: canonical.nested,
    want: {
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
  },
  { name: 'enum and const are kept', canonical: canonical.enumConst, want: { schema: canonical.enumConst, losses: [] } },
  { name: 'numeric and boolean enums and consts are kept', canonical: canonical.numericEnum, want: { schema: canonical.numericEnum, losses: [] } },
  {
    name: 'numeric bounds are kept, length bounds said in words',
    canonical: canonical.bounds,
    want: {
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
  },
  { name: 'pattern is kept', canonical: canonical.pattern, want: { schema: canonical.pattern, losses: [] } },
  {
    name: 'supported formats are kept, others said in words',
    canonical: canonical.formats,
    want: {
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
  },
  {
    name: 'array: item counts kept, a bound of its items lost at /*',
    canonical: canonical.array,
    want: {
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
  },
  {
    name: 'tuples with and without rest become arrays of their distinct elements, the order said in words',
    canonical: canonical.tuples,
    want: {
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
  },
  {
    name: 'maps are sent as their entries; other keys beside named members stay closed, described in words',
    canonical: canonical.maps,
    want: {
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
  },
  {
    name: 'self-recursive $defs are kept',
    canonical: canonical.selfRecursive,
    want: {
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
  },
  {
    name: 'mutually recursive $defs are kept',
    canonical: canonical.mutuallyRecursive,
    want: {
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
  },
  {
    name: 'non-recursive $defs are kept; a loss inside is reported at the first place that reaches it',
    canonical: canonical.sharedDefs,
    want: {
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
  },
  {
    name: 'annotations: default said in words, examples and deprecated dropped silently',
    canonical: canonical.annotations,
    want: {
      schema: {
        type: 'object',
        properties: {
          mode: {
            anyOf: [{ type: 'string', enum: ['fast', 'safe'] }, { type: 'null' }],
            description: 'How to run. Defaults to "safe".',
          },
          legacy: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
        },
        required: ['mode', 'legacy'],
        additionalProperties: false,
      },
      losses: [],
    },
  },
];

export const anthropicRows: readonly Row[] = [
  { name: 'flat object is kept, default included', canonical: canonical.flat, want: { schema: canonical.flat, losses: [] } },
  { name: 'nullable is kept', canonical: canonical.nullable, want: { schema: canonical.nullable, losses: [] } },
  { name: 'optional nullables are kept', canonical: canonical.optionalNullable, want: { schema: canonical.optionalNullable, losses: [] } },
  { name: 'nested object is kept', canonical: canonical.nested, want: { schema: canonical.nested, losses: [] } },
  { name: 'enum and const are kept', canonical: canonical.enumConst, want: { schema: canonical.enumConst, losses: [] } },
  { name: 'numeric and boolean enums and consts are kept', canonical: canonical.numericEnum, want: { schema: canonical.numericEnum, losses: [] } },
  {
    name: 'numeric and length bounds are said in words',
    canonical: canonical.bounds,
    want: {
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
  },
  { name: 'pattern is kept', canonical: canonical.pattern, want: { schema: canonical.pattern, losses: [] } },
  { name: 'formats are kept', canonical: canonical.formats, want: { schema: canonical.formats, losses: [] } },
  {
    name: 'array: item counts and item bounds are said in words',
    canonical: canonical.array,
    want: {
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
  },
  {
    name: 'tuples become arrays; their counts are said once, by the tuple sentence',
    canonical: canonical.tuples,
    want: {
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
  },
  {
    name: 'maps are kept; a bound of their values is lost at /*',
    canonical: canonical.maps,
    want: {
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
  },
  {
    name: 'self-recursive $defs are inlined and cut at the recursive edge',
    canonical: canonical.selfRecursive,
    want: {
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
  },
  {
    name: 'mutually recursive $defs are cut where a def repeats an enclosing one',
    canonical: canonical.mutuallyRecursive,
    want: {
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
  },
  {
    name: 'non-recursive $defs are inlined at every place, each with its own losses',
    canonical: canonical.sharedDefs,
    want: {
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
  },
  { name: 'annotations are kept', canonical: canonical.annotations, want: { schema: canonical.annotations, losses: [] } },
];

export const geminiRows: readonly Row[] = [
  {
    name: 'flat object: additionalProperties dropped silently, default kept',
    canonical: canonical.flat,
    want: {
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
  {
    name: 'nullable: the null member becomes nullable: true on the others',
    canonical: canonical.nullable,
    want: {
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
  {
    name: 'optional nullables: nullable: true, still optional',
    canonical: canonical.optionalNullable,
    want: {
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
  {
    name: 'nested object',
    canonical: canonical.nested,
    want: {
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
  {
    name: 'a string const becomes a one-value enum; an enum not only of strings is said in words',
    canonical: canonical.enumConst,
    want: {
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
  {
    name: 'numeric enums and non-string consts are said in words (Gemini takes enum on strings only)',
    canonical: canonical.numericEnum,
    want: {
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
  {
    name: 'inclusive and length bounds kept, exclusive bounds said in words',
    canonical: canonical.bounds,
    want: {
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
  {
    name: 'pattern is kept',
    canonical: canonical.pattern,
    want: {
      schema: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^T-\\d+$', description: 'The ticket id.' } },
        required: ['id'],
      },
      losses: [],
    },
  },
  {
    name: 'formats are kept',
    canonical: canonical.formats,
    want: {
      schema: { type: 'object', properties: canonical.formats.properties, required: ['due', 'email', 'site'] },
      losses: [],
    },
  },
  {
    name: 'array bounds are kept',
    canonical: canonical.array,
    want: {
      schema: { type: 'object', properties: canonical.array.properties, required: ['tags'] },
      losses: [],
    },
  },
  {
    name: 'tuples become arrays of their distinct elements, counts kept',
    canonical: canonical.tuples,
    want: {
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
  {
    name: 'maps are sent as their entries; other keys beside named members are said in words',
    canonical: canonical.maps,
    want: {
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
  {
    name: 'self-recursive $defs are inlined and cut to an object at the recursive edge',
    canonical: canonical.selfRecursive,
    want: {
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
  {
    name: 'mutually recursive $defs are cut where a def repeats an enclosing one',
    canonical: canonical.mutuallyRecursive,
    want: {
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
  {
    name: 'non-recursive $defs are inlined',
    canonical: canonical.sharedDefs,
    want: {
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
  {
    name: 'annotations: default kept, examples and deprecated dropped',
    canonical: canonical.annotations,
    want: {
      schema: {
        type: 'object',
        properties: {
          mode: { type: 'string', enum: ['fast', 'safe'], description: 'How to run', default: 'safe' },
          legacy: { type: 'boolean' },
        },
        required: [],
      },
      losses: [],
    },
  },
];
