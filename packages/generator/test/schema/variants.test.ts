import type { JsonSchema, JsonValue, SchemaVariantName } from '@toolgen/runtime';
import { describe, expect, it } from 'vitest';
import type { ShapeDocument } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { documentOf, validatorFixtures } from '../emit/validator/fixtures.js';
import { canonical } from './variants/fixtures.js';
import {
  anthropicProblems, asStrict, compile, deepFreeze, geminiProblems, openAiStrictProblems,
} from './variants/invariants.js';

type Losses = readonly (readonly [pointer: string, keyword: string])[];

interface Row {
  readonly name: string;
  readonly canonical: JsonSchema;
  readonly want: { readonly schema: JsonSchema; readonly losses: Losses };
}

function expectVariant(variant: SchemaVariantName, row: Row): void {
  const derived = deriveProviderVariants(row.canonical);
  expect(derived.variants[variant]).toEqual(row.want.schema);
  const losses = derived.losses.filter((loss) => loss.variant === variant);
  expect(losses).toEqual(row.want.losses.map(([pointer, keyword]) => ({ variant, pointer, keyword })));
}

const leaveOut = 'Send null to leave it out, or {"value": ...} to set it; {"value": null} sets it to null.';

/** openai-strict's optional member that may be null: null for absent, or the value wrapped, so null stays sayable. */
function wrapped(value: JsonSchema, description: string): JsonSchema {
  return {
    anyOf: [{ type: 'object', properties: { value }, required: ['value'], additionalProperties: false }, { type: 'null' }],
    description,
  };
}

const openAiRows: readonly Row[] = [
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
    name: 'optional nullable members at any depth: null is absent, {"value": x} is x, the encoding said in words',
    canonical: canonical.optionalNullable,
    want: {
      schema: {
        type: 'object',
        properties: {
          assignee: wrapped({ anyOf: [{ type: 'string' }, { type: 'null' }] }, `Who works on it; null unassigns it. ${leaveOut}`),
          anything: wrapped({}, leaveOut),
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
    name: 'maps stay closed objects, described in words',
    canonical: canonical.maps,
    want: {
      schema: {
        type: 'object',
        properties: {
          labels: {
            type: 'object',
            properties: {},
            required: [],
            additionalProperties: false,
            description: 'Votes by label. Any object whose values are integers.',
          },
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
      losses: [['/labels', 'additionalProperties'], ['/meta', 'additionalProperties']],
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

const anthropicRows: readonly Row[] = [
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

const geminiRows: readonly Row[] = [
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
    name: 'maps are said in words',
    canonical: canonical.maps,
    want: {
      schema: {
        type: 'object',
        properties: {
          labels: {
            type: 'object',
            properties: {},
            required: [],
            description: 'Votes by label. Any object whose values are integers.',
          },
          meta: {
            type: 'object',
            properties: { source: { type: 'string' } },
            required: ['source'],
            description: 'Other keys are also allowed, with strings as values.',
          },
        },
        required: ['labels', 'meta'],
      },
      losses: [['/labels', 'additionalProperties'], ['/meta', 'additionalProperties']],
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

describe('deriveProviderVariants: openai-strict', () => {
  it.each(openAiRows)('$name', (row) => expectVariant('openai-strict', row));
});

describe('deriveProviderVariants: anthropic', () => {
  it.each(anthropicRows)('$name', (row) => expectVariant('anthropic', row));
});

describe('deriveProviderVariants: gemini', () => {
  it.each(geminiRows)('$name', (row) => expectVariant('gemini', row));
});

const fixtures = Object.entries(canonical) as [string, JsonSchema][];

/** The canonical schema of every feature the validator tests, for more shapes than the tables above; tools have object roots. */
const validatorDocuments = validatorFixtures
  .filter((fixture) => documentOf(fixture).root.kind === 'object')
  .map((fixture) => [fixture.name, toJsonSchema(documentOf(fixture))] as [string, JsonSchema]);

const invariants: Readonly<Record<SchemaVariantName, (schema: JsonSchema) => string[]>> = {
  'openai-strict': openAiStrictProblems,
  anthropic: anthropicProblems,
  gemini: geminiProblems,
};

describe('invariants of every variant', () => {
  it.each(fixtures)('%s: each variant stays inside its provider subset', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    for (const [variant, check] of Object.entries(invariants)) {
      expect(check(variants[variant as SchemaVariantName]), variant).toEqual([]);
    }
  });

  it.each(validatorDocuments)('validator fixture %s: each variant stays inside its provider subset', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    for (const [variant, check] of Object.entries(invariants)) {
      expect(check(variants[variant as SchemaVariantName]), variant).toEqual([]);
    }
  });

  it.each(fixtures)('%s: each variant compiles as a JSON Schema', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    expect(Object.keys(variants)).toEqual(['openai-strict', 'anthropic', 'gemini']);
    for (const variant of Object.values(variants)) {
      expect(() => compile(variant)).not.toThrow();
    }
  });

  it.each(fixtures)('%s: losses are sorted by variant, pointer and keyword, without duplicates', (_name, schema) => {
    const { losses } = deriveProviderVariants(schema);
    const order = ['openai-strict', 'anthropic', 'gemini'];
    const keys = losses.map((loss) => [order.indexOf(loss.variant), loss.pointer, loss.keyword] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || compare(a[1], b[1]) || compare(a[2], b[2]));
    expect(keys).toEqual(sorted);
    expect(new Set(keys.map((key) => key.join(' '))).size).toBe(keys.length);
  });
});

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Arguments valid for the canonical schema that use no feature a variant loses. */
const validArguments: readonly (readonly [keyof typeof canonical, JsonValue])[] = [
  ['flat', { query: 'printer' }],
  ['flat', { query: 'printer', limit: 3 }],
  ['nullable', { assignee: null, ref: 2 }],
  ['nullable', { assignee: 'ann', closedAt: '2024-05-01T10:00:00Z', ref: 'T-1' }],
  ['optionalNullable', { notes: [] }],
  ['optionalNullable', { assignee: null, anything: null, notes: [{}, { due: null }, { due: '2024-05-01T10:00:00Z' }] }],
  ['optionalNullable', { assignee: 'ann', anything: { value: 1 }, notes: [] }],
  ['nested', {}],
  ['nested', { filter: { owner: 'me' } }],
  ['enumConst', { status: 'open', priority: 'high', target: { kind: 'team', slug: 'ops' } }],
  ['numericEnum', { severity: 2, level: true, label: 'minor' }],
  ['numericEnum', { severity: 1, level: null, label: 'major' }],
  ['bounds', { limit: 5, score: 0.5, title: 'Hello' }],
  ['pattern', { id: 'T-12' }],
  ['formats', { due: '2024-05-01T10:00:00Z', email: 'ann@example.com', site: 'https://example.com' }],
  ['array', { tags: ['a', 'b'] }],
  ['tuples', { point: [1, 2], range: ['a'], command: ['run', true, false] }],
  ['maps', { labels: {}, meta: { source: 'web' } }],
  ['selfRecursive', { tree: { label: 'root', children: [{ label: 'leaf' }] } }],
  ['mutuallyRecursive', { category: { name: 'c', items: [{ name: 'i' }] }, featured: { name: 'f', category: { name: 'd', items: [] } } }],
  ['sharedDefs', { owner: { name: 'ann' } }],
  ['annotations', {}],
  ['annotations', { mode: 'fast', legacy: true }],
];

describe('variants accept what the canonical schema accepts', () => {
  it.each(validArguments)('%s: %j', (name, args) => {
    const schema: JsonSchema = canonical[name];
    const { variants } = deriveProviderVariants(schema);
    const defs = (schema['$defs'] ?? {}) as JsonSchema;
    expect(compile(schema)(args)).toBe(true);
    expect(compile(variants['openai-strict'])(asStrict(schema, args, defs))).toBe(true);
    expect(compile(variants.anthropic)(args)).toBe(true);
    expect(compile(variants.gemini)(args)).toBe(true);
  });

  it('sends an absent optional as null in openai-strict, which the canonical schema rejects', () => {
    const args = asStrict(canonical.flat, { query: 'printer' }, {});
    expect(args).toEqual({ query: 'printer', limit: null });
    expect(compile(deriveProviderVariants(canonical.flat).variants['openai-strict'])(args)).toBe(true);
    expect(compile(canonical.flat)(args)).toBe(false);
  });

  it('keeps absent, null and a value apart for an optional nullable member in openai-strict', () => {
    const strict = compile(deriveProviderVariants(canonical.optionalNullable).variants['openai-strict']);
    const others = { anything: null, notes: [] };
    expect(strict({ ...others, assignee: null })).toBe(true);
    expect(strict({ ...others, assignee: { value: null } })).toBe(true);
    expect(strict({ ...others, assignee: { value: 'ann' } })).toBe(true);
    expect(strict({ ...others, assignee: 'ann' })).toBe(false);
    expect(strict({ ...others, assignee: {} })).toBe(false);
    expect(strict({ ...others, assignee: { value: 'ann', other: 1 } })).toBe(false);
  });
});

describe('determinism and purity', () => {
  it.each(fixtures)('%s: deriving twice prints byte-identical JSON', (_name, schema) => {
    expect(JSON.stringify(deriveProviderVariants(schema))).toBe(JSON.stringify(deriveProviderVariants(schema)));
  });

  it.each(fixtures)('%s: never mutates its (deep-frozen) input', (_name, schema) => {
    const before = JSON.stringify(schema);
    const frozen = deepFreeze(structuredClone(schema));
    expect(() => deriveProviderVariants(frozen)).not.toThrow();
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it.each(fixtures)('%s: prints the same JSON whatever the key order of its input', (_name, schema) => {
    const reversed = reverseKeys(schema) as JsonSchema;
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(schema));
    expect(JSON.stringify(deriveProviderVariants(reversed))).toBe(JSON.stringify(deriveProviderVariants(schema)));
  });

  it('shares no object with its input', () => {
    const { variants } = deriveProviderVariants(canonical.enumConst);
    const properties = variants.anthropic['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['status']?.['enum']).toEqual(canonical.enumConst.properties.status.enum);
    expect(properties['status']?.['enum']).not.toBe(canonical.enumConst.properties.status.enum);
  });
});

/** Reverses every object's keys except the order of `properties` (which is declaration order). */
function reverseKeys(value: JsonValue, inProperties = false): JsonValue {
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map((item) => reverseKeys(item));
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const entries = Object.entries(value).map(([key, item]) => [key, reverseKeys(item, key === 'properties')] as const);
  return Object.fromEntries(inProperties ? entries : entries.reverse());
}

describe('edges', () => {
  it('leaves out defs that nothing reaches, and rejects a $ref to a missing def', () => {
    const unused: JsonSchema = { ...canonical.flat, $defs: { Unused: { type: 'string' } } };
    expect(deriveProviderVariants(unused).variants).toEqual(deriveProviderVariants(canonical.flat).variants);
    const missing: JsonSchema = { ...canonical.flat, properties: { x: { $ref: '#/$defs/Missing' } }, required: ['x'] };
    expect(() => deriveProviderVariants(missing)).toThrow('no $defs entry named "Missing"');
  });

  it('reports a loss once where union members lose the same keyword at the same pointer', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { size: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'string', maxLength: 5 }, { type: 'number', maximum: 9 }] } },
      required: ['size'],
      additionalProperties: false,
    };
    expect(deriveProviderVariants(schema).losses).toEqual([
      { variant: 'openai-strict', pointer: '/size', keyword: 'maxLength' },
      { variant: 'anthropic', pointer: '/size', keyword: 'maxLength' },
      { variant: 'anthropic', pointer: '/size', keyword: 'maximum' },
    ]);
  });

  it('gemini: a lone null type is said in words; a nullable string enum keeps its enum', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { nothing: { type: 'null' }, size: { anyOf: [{ type: 'string', enum: ['s', 'm'] }, { type: 'null' }] } },
      required: ['nothing', 'size'],
      additionalProperties: false,
    };
    const { variants, losses } = deriveProviderVariants(schema);
    expect(variants.gemini['properties']).toEqual({
      nothing: { description: 'Must be null.' },
      size: { type: 'string', nullable: true, enum: ['s', 'm'] },
    });
    expect(losses.filter((loss) => loss.variant === 'gemini')).toEqual([{ variant: 'gemini', pointer: '/nothing', keyword: 'type' }]);
  });

  it('escapes ~ and / in pointers and keeps __proto__ an own property', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"a/b~c":{"type":"string","minLength":1},"__proto__":{"type":"string","maxLength":2}},' +
        '"required":["a/b~c","__proto__"],"additionalProperties":false}',
    ) as JsonSchema;
    const { variants, losses } = deriveProviderVariants(schema);
    expect(losses.filter((loss) => loss.variant === 'anthropic').map((loss) => loss.pointer)).toEqual(['/__proto__', '/a~1b~0c']);
    const properties = variants.anthropic['properties'] as object;
    expect(Object.keys(properties)).toEqual(['a/b~c', '__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  it('derives the variants of what toJsonSchema prints', () => {
    const document: ShapeDocument = {
      root: {
        kind: 'object',
        properties: [
          { name: 'limit', optional: true, shape: { kind: 'number', integer: true, maximum: 50, default: 20 } },
          { name: 'node', optional: false, shape: { kind: 'ref', name: 'Node' } },
        ],
        additionalProperties: false,
      },
      defs: {
        Node: {
          kind: 'object',
          properties: [{ name: 'next', optional: true, shape: { kind: 'union', members: [{ kind: 'ref', name: 'Node' }, { kind: 'null' }] } }],
          additionalProperties: false,
        },
      },
    };
    const { variants, losses } = deriveProviderVariants(toJsonSchema(document));
    expect(variants['openai-strict']['properties']).toEqual({
      limit: { anyOf: [{ type: 'integer', maximum: 50 }, { type: 'null' }], description: 'Defaults to 20.' },
      node: { $ref: '#/$defs/Node' },
    });
    expect(variants.gemini['properties']).toEqual({
      limit: { type: 'integer', maximum: 50, default: 20 },
      node: {
        type: 'object',
        properties: {
          next: { type: 'object', nullable: true, description: 'Recursive: a Node with the same structure as the one at /node.' },
        },
        required: [],
      },
    });
    expect(losses).toEqual([
      { variant: 'anthropic', pointer: '/limit', keyword: 'maximum' },
      { variant: 'anthropic', pointer: '/node/next', keyword: '$ref' },
      { variant: 'gemini', pointer: '/node/next', keyword: '$ref' },
    ]);
  });
});
