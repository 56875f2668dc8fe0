import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolNaming } from '@toolgen/runtime';

const sha8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

describe('ToolNaming: the SPEC §6 examples', () => {
  it('qualifies a built-in toolset tool with its owner', () => {
    expect(ToolNaming.buildToolsetQualifiedName('CodingToolset', 'read_file')).toBe('coding__read_file');
  });

  it('prefixes a plugin toolset tool with the normalized plugin id', () => {
    expect(ToolNaming.buildToolsetQualifiedName('GreetingToolset', 'say_hello', 'acme.search')).toBe(
      'acme_search__greeting__say_hello',
    );
  });

  it('qualifies an MCP tool with its normalized server name', () => {
    expect(ToolNaming.buildMcpQualifiedName('GitHub', 'list_issues')).toBe('github__list_issues');
  });
});

describe('ToolNaming.normalize', () => {
  it.each([
    ['GitHub', 'github'],
    ['acme.search', 'acme_search'],
    ['keep-dash_and_underscore', 'keep-dash_and_underscore'],
    ['v2Tools', 'v2tools'],
    ['two  spaces', 'two_spaces'],
    ['a.,;!b', 'a_b'],
    ['trailing!', 'trailing_'],
    ['Ünïcode', '_n_code'],
    ['emoji🙂name', 'emoji_name'],
    ['', ''],
  ])('%j → %j', (segment, expected) => {
    expect(ToolNaming.normalize(segment)).toBe(expected);
  });

  it('only ever yields characters every provider accepts', () => {
    const all = Array.from({ length: 0x250 }, (_, code) => String.fromCharCode(code)).join('');
    expect(ToolNaming.normalize(all)).toMatch(/^[a-z0-9_-]+$/);
  });
});

describe('ToolNaming.buildQualifiedName', () => {
  it.each([
    [['coding', 'read_file'], 'coding__read_file'],
    [['a/b', 'tool'], 'a__b__tool'],
    [['a\\b', 'tool'], 'a__b__tool'],
    [['a__b', 'tool'], 'a__b__tool'],
    [['a//b', 'tool'], 'a__b__tool'],
    [['/leading', 'tool/'], 'leading__tool'],
    [['', 'Toolset', 'tool'], 'toolset__tool'],
    [['', 'only'], 'only'],
    [['My Server', 'List Issues'], 'my_server__list_issues'],
  ])('%j → %j', (segments, expected) => {
    expect(ToolNaming.buildQualifiedName(...segments)).toBe(expected);
  });

  it('rejects a name with no segment left, saying what to do', () => {
    expect(() => ToolNaming.buildQualifiedName('', '/', '__')).toThrow(/every segment is empty.*at least one letter or digit/);
  });

  it('keeps a name of exactly 64 characters as it is', () => {
    const name = `${'a'.repeat(30)}__${'b'.repeat(32)}`;
    expect(name).toHaveLength(64);
    expect(ToolNaming.buildQualifiedName('a'.repeat(30), 'b'.repeat(32))).toBe(name);
  });

  it('truncates a 65-character name to 54 characters, "__" and 8 hex digits of its SHA-256', () => {
    const full = `${'a'.repeat(30)}__${'b'.repeat(33)}`;
    expect(full).toHaveLength(65);
    const qualified = ToolNaming.buildQualifiedName('a'.repeat(30), 'b'.repeat(33));
    expect(qualified).toHaveLength(64);
    expect(qualified).toBe(`${full.slice(0, 54)}__${sha8(full)}`);
    expect(qualified).toMatch(/__[0-9a-f]{8}$/);
  });

  it('hashes the normalized full name, so names that share their first 54 characters stay distinct', () => {
    const owner = 'x'.repeat(60);
    const first = ToolNaming.buildQualifiedName(owner, 'search_tickets');
    const second = ToolNaming.buildQualifiedName(owner, 'search_users');
    expect(first.slice(0, 54)).toBe(second.slice(0, 54));
    expect(first).not.toBe(second);
    expect(first).toBe(ToolNaming.buildQualifiedName(owner.toUpperCase(), 'Search Tickets'.replace(' ', '_')));
    expect(ToolNaming.isValidQualifiedName(first)).toBe(true);
  });

  it('makes names that differ only by case or punctuation collide, as the catalogue must detect', () => {
    expect(ToolNaming.buildMcpQualifiedName('GitHub', 'list_issues')).toBe(ToolNaming.buildMcpQualifiedName('github', 'list_issues'));
    expect(ToolNaming.buildMcpQualifiedName('git.hub', 'x')).toBe(ToolNaming.buildMcpQualifiedName('git hub', 'x'));
    expect(ToolNaming.buildMcpQualifiedName('GitHub', 'list_issues')).not.toBe(ToolNaming.buildMcpQualifiedName('GitLab', 'list_issues'));
  });
});

describe('ToolNaming.ownerFromClassName', () => {
  it.each([
    ['WorkspaceFilesToolset', 'workspacefiles'],
    ['TicketToolset', 'ticket'],
    ['Toolset', ''],
    ['TicketTools', 'tickettools'],
    ['TicketToolsets', 'tickettoolsets'],
    ['TicketTOOLSET', 'tickettoolset'],
    ['ToolsetRegistry', 'toolsetregistry'],
  ])('%s → %j', (className, owner) => {
    expect(ToolNaming.ownerFromClassName(className)).toBe(owner);
  });

  it('leaves an unqualified owner out of the qualified name', () => {
    expect(ToolNaming.buildToolsetQualifiedName('Toolset', 'ping')).toBe('ping');
  });
});

describe('ToolNaming.toolNameFromMethod', () => {
  it.each([
    ['getTicketAsync', 'get_ticket'],
    ['searchHTTPLogs', 'search_http_logs'],
    ['searchTickets', 'search_tickets'],
    ['closeTicket', 'close_ticket'],
    ['parseJSONAsync', 'parse_json'],
    ['fetchURL', 'fetch_url'],
    ['getV2Ticket', 'get_v2_ticket'],
    ['asyncJob', 'async_job'],
    ['Async', 'async'],
    ['run', 'run'],
    ['already_snake', 'already_snake'],
  ])('%s → %s', (method, tool) => {
    expect(ToolNaming.toolNameFromMethod(method)).toBe(tool);
  });
});

describe('ToolNaming.suggestSnakeCase', () => {
  it.each([
    // acronyms stay one word, as in the method rule
    ['searchHTTPLogs', 'search_http_logs'],
    ['parseJSON', 'parse_json'],
    ['HTTPServer', 'http_server'],
    ['getURLForID', 'get_url_for_id'],
    // digits belong to the word before them
    ['getV2Ticket', 'get_v2_ticket'],
    ['sha256Sum', 'sha256_sum'],
    ['2fa', 'tool_2fa'],
    // leading capitals, separators and stray underscores
    ['GetTicket', 'get_ticket'],
    ['Get-Ticket', 'get_ticket'],
    ['Ping-Tool', 'ping_tool'],
    ['_ping', 'ping'],
    ['get__ticket', 'get_ticket'],
    ['get ticket!', 'get_ticket'],
    ['$', 'tool'],
    ['', 'tool'],
  ])('%j → %s', (name, suggestion) => {
    expect(ToolNaming.suggestSnakeCase(name)).toBe(suggestion);
  });

  it('suggests what the method rule derives, for every method name whose derived name is snake_case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,20}$/), (method) => {
        const derived = ToolNaming.toolNameFromMethod(method);
        fc.pre(ToolNaming.isSnakeCaseName(derived) && !method.endsWith('Async'));
        expect(ToolNaming.suggestSnakeCase(method)).toBe(derived);
      }),
    );
  });

  it('always suggests a snake_case name, and keeps one that already is', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const suggestion = ToolNaming.suggestSnakeCase(name);
        expect(ToolNaming.isSnakeCaseName(suggestion)).toBe(true);
        expect(ToolNaming.suggestSnakeCase(suggestion)).toBe(suggestion);
      }),
    );
  });
});

describe('ToolNaming.isSnakeCaseName', () => {
  it.each(['get_ticket', 'a', 'search_http_logs', 'get_v2', 'x1_2y'])('accepts %s', (name) => {
    expect(ToolNaming.isSnakeCaseName(name)).toBe(true);
  });

  it.each(['GetTicket', 'get-ticket', '_get', 'get_', 'get__ticket', '2fa', '', 'getTicket'])('rejects %j', (name) => {
    expect(ToolNaming.isSnakeCaseName(name)).toBe(false);
  });
});

describe('ToolNaming.isValidQualifiedName', () => {
  it('accepts exactly ^[a-z0-9_-]{1,64}$', () => {
    expect(ToolNaming.isValidQualifiedName('coding__read_file')).toBe(true);
    expect(ToolNaming.isValidQualifiedName('a'.repeat(64))).toBe(true);
    expect(ToolNaming.isValidQualifiedName('a'.repeat(65))).toBe(false);
    expect(ToolNaming.isValidQualifiedName('')).toBe(false);
    expect(ToolNaming.isValidQualifiedName('Coding__read_file')).toBe(false);
    expect(ToolNaming.isValidQualifiedName('coding.read_file')).toBe(false);
  });
});
