import type { JsonSchema } from '@toolgen/runtime';

/** Canonical parameter schemas, exactly as `toJsonSchema` prints them, one per feature the variants treat. */
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
        description: 'How to run',
        default: 'safe',
        examples: ['fast'],
        deprecated: true,
      },
      legacy: { type: 'boolean', deprecated: true },
    },
    required: [],
    additionalProperties: false,
  },
} as const satisfies Record<string, JsonSchema>;

export type FixtureName = keyof typeof canonical;
