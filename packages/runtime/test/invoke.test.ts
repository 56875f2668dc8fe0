import { describe, expect, it } from 'vitest';
import { defineTool, ToolArgumentError, ToolFailure, type ArgumentIssue, type ToolInvocationContext, type ToolServices, type ToolSettingsOverrides } from '@toolgen/runtime';
import type { ArgumentValidator, InjectedValues, ToolResultKind } from '@toolgen/runtime/generated';
import {
  checkKnown,
  checkObject,
  checkRequired,
  checkScalar,
  plainMetadata,
  probeDefinition,
  recordingLogger,
  rejectionOf,
} from './invokeFixtures.js';

interface Filter {
  since: Date;
  urgent?: boolean;
}

/** What a generated `search_tickets` calls: `limit` has a default, `assignee` is nullable but required. */
function searchTickets(query: string, limit = 10, assignee: string | null, filter?: Filter) {
  return { query, limit, assignee, since: filter?.since ?? null, sinceIsDate: filter?.since instanceof Date, urgent: filter?.urgent };
}

/** Hand-written like the generated one: reports every issue, converts `since` to a `Date`. */
const validateSearch: ArgumentValidator = (input, issues) => {
  const args = input as Readonly<Record<string, unknown>>;
  const value: Record<string, unknown> = {};
  checkKnown(args, '', ['query', 'limit', 'assignee', 'filter'], issues);
  if (checkRequired(args, '', 'query', issues) && checkScalar(args['query'], '/query', 'string', issues)) value['query'] = args['query'];
  if (Object.hasOwn(args, 'limit') && checkScalar(args['limit'], '/limit', 'integer', issues)) value['limit'] = args['limit'];
  if (checkRequired(args, '', 'assignee', issues) && (args['assignee'] === null || checkScalar(args['assignee'], '/assignee', 'string', issues))) {
    value['assignee'] = args['assignee'];
  }
  const filter = args['filter'];
  if (Object.hasOwn(args, 'filter') && checkObject(filter, '/filter', issues)) {
    const converted: Record<string, unknown> = {};
    checkKnown(filter, '/filter', ['since', 'urgent'], issues);
    if (checkRequired(filter, '/filter', 'since', issues) && checkScalar(filter['since'], '/filter/since', 'string', issues)) {
      const since = new Date(filter['since'] as string);
      if (Number.isNaN(since.getTime())) issues.push({ pointer: '/filter/since', message: 'must be a date-time string' });
      converted['since'] = since;
    }
    if (Object.hasOwn(filter, 'urgent') && checkScalar(filter['urgent'], '/filter/urgent', 'boolean', issues)) converted['urgent'] = filter['urgent'];
    value['filter'] = converted;
  }
  return value;
};

const searchTool = defineTool(
  probeDefinition({
    name: 'search_tickets',
    qualifiedName: 'ticket__search_tickets',
    validate: validateSearch,
    call: (args) =>
      searchTickets(args['query'] as string, args['limit'] as number | undefined, args['assignee'] as string | null, args['filter'] as Filter | undefined),
  }),
);

describe('invoke: argument validation', () => {
  const rows: { name: string; args: unknown; issues: ArgumentIssue[] }[] = [
    {
      name: 'every missing required argument',
      args: {},
      issues: [
        { pointer: '', message: 'must have the property "query"' },
        { pointer: '', message: 'must have the property "assignee"' },
      ],
    },
    { name: 'a nullable argument must still be sent', args: { query: 'printer' }, issues: [{ pointer: '', message: 'must have the property "assignee"' }] },
    {
      name: 'an extra property',
      args: { query: 'printer', assignee: null, page: 2 },
      issues: [{ pointer: '/page', message: 'is not a parameter of this tool; remove it' }],
    },
    {
      name: 'a wrong nested type, with its pointer',
      args: { query: 'printer', assignee: null, filter: { since: '2026-01-02T03:04:05Z', urgent: 'yes' } },
      issues: [{ pointer: '/filter/urgent', message: 'must be a boolean; got "yes"', expected: 'boolean' }],
    },
    {
      name: 'several problems at once',
      args: { query: 7, limit: 2.5, assignee: 'ann', filter: {} },
      issues: [
        { pointer: '/query', message: 'must be a string; got 7', expected: 'string' },
        { pointer: '/limit', message: 'must be an integer; got 2.5', expected: 'integer' },
        { pointer: '/filter', message: 'must have the property "since"' },
      ],
    },
    {
      name: 'a JSON string instead of an object',
      args: '{"query":"printer"}',
      issues: [{ pointer: '', message: "must be an object with the tool's arguments; got a string", expected: 'object' }],
    },
    { name: 'an array', args: [], issues: [{ pointer: '', message: "must be an object with the tool's arguments; got an array", expected: 'object' }] },
    { name: 'null', args: null, issues: [{ pointer: '', message: "must be an object with the tool's arguments; got null", expected: 'object' }] },
    { name: 'nothing', args: undefined, issues: [{ pointer: '', message: "must be an object with the tool's arguments; got nothing", expected: 'object' }] },
  ];

  it.each(rows)('rejects $name with a ToolArgumentError listing every issue', async ({ args, issues }) => {
    let called = false;
    const tool = defineTool(probeDefinition({ validate: validateSearch, call: () => (called = true) }));
    const error = await rejectionOf(tool.invoke(args));
    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).issues).toEqual(issues);
    expect(called).toBe(false);
  });

  it('says what to fix in the message the model reads', async () => {
    await expect(searchTool.invoke({ query: 'printer' })).rejects.toThrow(
      'Invalid arguments:\n- (arguments): must have the property "assignee"\nCorrect these arguments and call the tool again.',
    );
  });
});

describe('invoke: arguments reaching the method', () => {
  const rows: { name: string; args: unknown; want: unknown }[] = [
    {
      name: 'an omitted optional argument takes the method default',
      args: { query: 'printer', assignee: null },
      want: { query: 'printer', limit: 10, assignee: null, since: null, sinceIsDate: false },
    },
    {
      name: 'a sent optional argument replaces the default',
      args: { query: 'printer', limit: 3, assignee: 'ann' },
      want: { query: 'printer', limit: 3, assignee: 'ann', since: null, sinceIsDate: false },
    },
    {
      name: 'a Date argument arrives as a Date and leaves as its ISO string',
      args: { query: 'printer', assignee: null, filter: { since: '2026-01-02T03:04:05Z', urgent: true } },
      want: { query: 'printer', limit: 10, assignee: null, since: '2026-01-02T03:04:05.000Z', sinceIsDate: true, urgent: true },
    },
  ];

  it.each(rows)('$name', async ({ args, want }) => {
    expect(await searchTool.invoke(args)).toEqual(want);
  });
});

describe('invoke: injected values', () => {
  async function injectedFor(args: unknown, context?: ToolInvocationContext): Promise<InjectedValues> {
    let seen: InjectedValues | undefined;
    const tool = defineTool(probeDefinition({ call: (_args, injected) => void (seen = injected) }));
    await tool.invoke(args, context);
    if (seen === undefined) throw new Error('the tool was not called');
    return seen;
  }

  it('hands over the run services', async () => {
    const services: ToolServices = { clock: () => new Date(0) };
    expect((await injectedFor({}, { services })).services).toBe(services);
  });

  it('hands over empty services when the host has none', async () => {
    expect((await injectedFor({})).services).toEqual({});
  });

  it('hands over the raw arguments object as received', async () => {
    const args = { query: 'printer', nested: { deep: [1] } };
    expect((await injectedFor(args)).arguments).toBe(args);
  });

  it("hands over the call's signal", async () => {
    const controller = new AbortController();
    expect((await injectedFor({}, { signal: controller.signal })).signal).toBe(controller.signal);
  });

  it('hands over a signal that never aborts when the host has none', async () => {
    const injected = await injectedFor({});
    expect(injected.signal).toBeInstanceOf(AbortSignal);
    expect(injected.signal.aborted).toBe(false);
  });

  it('hands over no settings to a tool without settings', async () => {
    expect((await injectedFor({})).settings).toBeUndefined();
  });
});

class SearchSettings {
  limit = 10;
  includeClosed = false;
  readonly apiVersion: string = 'v2';
}

describe('invoke: settings', () => {
  const settingsTool = defineTool(
    probeDefinition({
      qualifiedName: 'ticket__search_tickets',
      metadata: { ...plainMetadata, settings: { schema: { type: 'object' }, configurable: ['includeClosed', 'limit'] } },
      createSettings: () => new SearchSettings(),
      call: (_args, { settings }) => ({ isSettings: settings instanceof SearchSettings, ...settings }),
    }),
  );

  const resolved: { name: string; overrides: ToolSettingsOverrides | undefined; want: unknown }[] = [
    { name: 'the code defaults without overrides', overrides: undefined, want: { isSettings: true, limit: 10, includeClosed: false, apiVersion: 'v2' } },
    { name: 'one configurable member overridden', overrides: { limit: 25 }, want: { isSettings: true, limit: 25, includeClosed: false, apiVersion: 'v2' } },
    {
      name: 'every configurable member overridden',
      overrides: { limit: 5, includeClosed: true },
      want: { isSettings: true, limit: 5, includeClosed: true, apiVersion: 'v2' },
    },
    { name: 'an undefined override counting as absent', overrides: { limit: undefined, apiVersion: undefined }, want: { isSettings: true, limit: 10, includeClosed: false, apiVersion: 'v2' } },
  ];

  it.each(resolved)('constructs $name', async ({ overrides, want }) => {
    expect(await settingsTool.invoke({}, overrides === undefined ? {} : { settings: overrides })).toEqual(want);
  });

  it('constructs fresh settings per call, so overrides never leak', async () => {
    await settingsTool.invoke({}, { settings: { limit: 99 } });
    expect(await settingsTool.invoke({})).toMatchObject({ limit: 10 });
  });

  const rejected: { name: string; tool: typeof settingsTool; overrides: ToolSettingsOverrides; message: string }[] = [
    {
      name: 'a readonly member',
      tool: settingsTool,
      overrides: { apiVersion: 'v3' },
      message:
        'Tool ticket__search_tickets: the run overrides settings members that are not configurable: "apiVersion". Its configurable members are "includeClosed", "limit".',
    },
    {
      name: 'every non-configurable member at once',
      tool: settingsTool,
      overrides: { limit: 5, apiVersion: 'v3', secret: 1 },
      message:
        'Tool ticket__search_tickets: the run overrides settings members that are not configurable: "apiVersion", "secret". Its configurable members are "includeClosed", "limit".',
    },
    {
      name: 'a member of settings that are all kept in code',
      tool: defineTool(
        probeDefinition({ metadata: { ...plainMetadata, settings: { schema: { type: 'object' }, configurable: [] } }, createSettings: () => new SearchSettings() }),
      ),
      overrides: { limit: 5 },
      message: 'Tool test__probe: the run overrides settings members that are not configurable: "limit". None of its settings members is configurable.',
    },
  ];

  it('ignores the overrides of members a tool does not declare (a run shares its overrides with every tool): a tool without settings, or with other members', async () => {
    await expect(defineTool(probeDefinition({ call: (_args, { settings }) => settings ?? 'no settings' })).invoke({}, { settings: { limit: 5 } })).resolves.toBe('no settings');
    const declaring = defineTool(
      probeDefinition({
        metadata: { ...plainMetadata, settings: { schema: { type: 'object', properties: { limit: {}, includeClosed: {}, apiVersion: {} } }, configurable: ['limit'] } },
        createSettings: () => new SearchSettings(),
        call: (_args, { settings }) => ({ ...settings }),
      }),
    );
    await expect(declaring.invoke({}, { settings: { limit: 3, maxResults: 5 } })).resolves.toEqual({ limit: 3, includeClosed: false, apiVersion: 'v2' });
    // a member it declares but keeps in code is still refused, for this tool alone
    await expect(declaring.invoke({}, { settings: { apiVersion: 'v3', maxResults: 5 } })).rejects.toThrow(/not configurable: "apiVersion"/);
  });

  it.each(rejected)('rejects an override of $name with a plain Error (a host bug)', async ({ tool, overrides, message }) => {
    const error = await rejectionOf(tool.invoke({}, { settings: overrides }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ToolFailure);
    expect((error as Error).message).toBe(message);
  });
});

describe('invoke: errors', () => {
  const failure = new ToolFailure('No ticket 4711 exists.', 'Search for the ticket first.');
  const argumentError = new ToolArgumentError([{ pointer: '/number', message: 'must be an existing ticket number' }]);
  const crash = new Error('connect ECONNREFUSED 10.0.0.7:5432');

  const rows: {
    name: string;
    result: ToolResultKind;
    call: () => unknown;
    exposeErrors?: boolean;
    want: { error?: unknown; message: string; cause?: unknown; logged: boolean };
  }[] = [
    { name: 'a thrown ToolFailure rejects as is', result: 'value', call: () => { throw failure; }, want: { error: failure, message: failure.message, logged: false } },
    { name: 'a rejected ToolFailure rejects as is', result: 'promise', call: () => Promise.reject(failure), want: { error: failure, message: failure.message, logged: false } },
    { name: 'a ToolArgumentError from the tool rejects as is', result: 'value', call: () => { throw argumentError; }, want: { error: argumentError, message: argumentError.message, logged: false } },
    { name: 'an unexpected error is opaque', result: 'value', call: () => { throw crash; }, want: { message: 'The tool failed unexpectedly.', cause: crash, logged: true } },
    { name: 'an unexpected rejection is opaque', result: 'promise', call: () => Promise.reject(crash), want: { message: 'The tool failed unexpectedly.', cause: crash, logged: true } },
    {
      name: 'an unexpected error shows its message with exposeErrors',
      result: 'promise',
      call: () => Promise.reject(crash),
      exposeErrors: true,
      want: { message: 'connect ECONNREFUSED 10.0.0.7:5432', cause: crash, logged: true },
    },
    {
      name: 'a thrown non-Error shows as text with exposeErrors',
      result: 'value',
      call: () => { throw 'disk full'; },
      exposeErrors: true,
      want: { message: 'disk full', cause: 'disk full', logged: true },
    },
    {
      name: 'an error while draining is opaque',
      result: 'asyncIterable',
      call: async function* () {
        yield 1;
        throw crash;
      },
      want: { message: 'The tool failed unexpectedly.', cause: crash, logged: true },
    },
    {
      name: 'a result that is not an async iterable is opaque',
      result: 'asyncIterable',
      call: () => [1, 2],
      exposeErrors: true,
      want: { message: 'The tool declares an AsyncIterable result but returned an array.', logged: true },
    },
    {
      name: 'a result JSON cannot carry (BigInt) is opaque',
      result: 'value',
      call: () => ({ count: 10n }),
      exposeErrors: true,
      want: { message: 'Do not know how to serialize a BigInt', logged: true },
    },
  ];

  it.each(rows)('$name', async ({ result, call, exposeErrors, want }) => {
    const logger = recordingLogger();
    const tool = defineTool(probeDefinition({ qualifiedName: 'ticket__get_ticket', result, call }));
    const error = await rejectionOf(tool.invoke({}, exposeErrors === undefined ? { logger } : { logger, exposeErrors }));
    expect(error).toBeInstanceOf(ToolFailure);
    expect((error as ToolFailure).message).toBe(want.message);
    if (want.error !== undefined) expect(error).toBe(want.error);
    if (want.cause !== undefined) expect((error as ToolFailure).cause).toBe(want.cause);
    expect(logger.errors).toEqual(want.logged ? [['Tool ticket__get_ticket failed unexpectedly', (error as ToolFailure).cause]] : []);
  });

  it('rejects without a logger too', async () => {
    const tool = defineTool(probeDefinition({ call: () => { throw crash; } }));
    await expect(tool.invoke({})).rejects.toThrow('The tool failed unexpectedly.');
  });
});

describe('normalizeStrictArguments', () => {
  it('delegates to the generated normalization', () => {
    const received: unknown[] = [];
    const tool = defineTool(
      probeDefinition({
        normalizeStrict: (input) => {
          received.push(input);
          return { query: 'printer' };
        },
      }),
    );
    const args = { query: 'printer', limit: null };
    expect(tool.normalizeStrictArguments(args)).toEqual({ query: 'printer' });
    expect(received).toEqual([args]);
    expect(received[0]).toBe(args);
  });
});

describe('defineTool', () => {
  it('carries the definition through', () => {
    const definition = probeDefinition({ returns: { type: 'string' } });
    const tool = defineTool(definition);
    expect(tool).toMatchObject({
      name: definition.name,
      qualifiedName: definition.qualifiedName,
      description: definition.description,
      variants: definition.variants,
      losses: definition.losses,
      returns: definition.returns,
      metadata: definition.metadata,
    });
    expect(tool.parameters.jsonSchema).toBe(definition.parameters);
  });
});
