import { describe, expect, it } from 'vitest';
import { resolveAgentToolsWithSearch, searchToolsName, ToolApprovalRouter, ToolCatalogue, ToolSearchState, type AgentDefinition, type ToolSurface } from '@toolgen/runtime';
import { matchTools } from '@toolgen/runtime/search';
import { fakeTool, fakeToolset } from './fixtures.js';

function shopCatalogue(): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.sync({
    toolsets: [
      fakeToolset('OrdersToolset', [
        { name: 'search_customer_orders', description: 'Lists the orders of one customer, newest first.', properties: { customer_id: 'string' } },
        { name: 'get_order', description: 'Reads one order by its number.', properties: { order_number: 'integer' }, metadata: { readOnly: true } },
        { name: 'cancel_order', description: 'Cancels an order that has not shipped.', properties: { order_number: 'integer' }, metadata: { approval: 'require_approval' } },
        { name: 'refund_order', description: 'Refunds an order to the card it was paid with.', properties: { order_number: 'integer', amount: 'integer' } },
        { name: 'export_orders', description: 'Uploads all orders to the accounting service.', metadata: { networkScope: 'egress' } },
        { name: 'order_notes', description: 'Reads the internal notes about an order.', properties: { order_number: 'integer' }, metadata: { confidentiality: 'confidential_only' } },
        { name: 'delete_order', description: 'Deletes an order and its history.', properties: { order_number: 'integer' } },
      ]),
      fakeToolset('CustomersToolset', [
        { name: 'find_customer', description: 'Finds a customer by name or email.', properties: { query: 'string' } },
        { name: 'update_address', description: 'Changes where a customer receives deliveries.', properties: { customer_id: 'string', address: 'string' } },
      ]),
    ],
  });
  return catalogue;
}

const everything = [
  'orders__search_customer_orders',
  'orders__get_order',
  'orders__cancel_order',
  'orders__refund_order',
  'orders__export_orders',
  'orders__order_notes',
  'orders__delete_order',
  'customers__find_customer',
  'customers__update_address',
];
const interactive: ToolSurface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };
const shopAgent: AgentDefinition = {
  allowedTools: everything,
  pinnedTools: ['customers__find_customer'],
  airGapped: true,
  policies: [{ toolName: 'orders__delete_order', approvalMode: 'deny' }],
};

const names = (functions: readonly { qualifiedName: string }[]) => functions.map((fn) => fn.qualifiedName);

describe('tool search mode', () => {
  it('starts with search_tools and the pinned tools', () => {
    const search = resolveAgentToolsWithSearch(shopAgent, shopCatalogue(), interactive, new ToolSearchState());
    expect(names(search.functions())).toEqual([searchToolsName, 'customers__find_customer']);
  });

  it('returns at most five matches, best first', () => {
    const search = resolveAgentToolsWithSearch({ allowedTools: everything, confidential: true }, shopCatalogue(), interactive, new ToolSearchState());
    const found = search.search('order');
    expect(found).toHaveLength(5);
    expect(found[0]?.name).toMatch(/order/);
    const scores = found.map((match) => match.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('matches argument names and descriptions, not only names', () => {
    const search = resolveAgentToolsWithSearch(shopAgent, shopCatalogue(), interactive, new ToolSearchState());
    expect(search.search('customer_id').map((match) => match.name)).toContain('orders__search_customer_orders');
    expect(names(search.search('card').map((match) => ({ qualifiedName: match.name })))).toEqual(['orders__refund_order']);
    expect(search.search('deliveries')[0]).toEqual({
      name: 'customers__update_address',
      description: 'Changes where a customer receives deliveries.',
      arguments: ['customer_id', 'address'],
      score: expect.any(Number),
    });
  });

  it('never returns pinned tools', () => {
    const search = resolveAgentToolsWithSearch(shopAgent, shopCatalogue(), interactive, new ToolSearchState());
    expect(names(search.search('find customer email').map((match) => ({ qualifiedName: match.name })))).not.toContain('customers__find_customer');
  });

  it('never returns denied, air-gap-filtered, confidentiality-restricted or disallowed tools', () => {
    const search = resolveAgentToolsWithSearch(
      { ...shopAgent, allowedTools: everything.filter((name) => name !== 'orders__refund_order') },
      shopCatalogue(),
      {},
      new ToolSearchState(),
    );
    const found = new Set(['order', 'delete', 'export accounting', 'notes internal', 'refund card', 'cancel'].flatMap((query) => search.search(query).map((match) => match.name)));
    expect(found.has('orders__delete_order')).toBe(false); // denied
    expect(found.has('orders__export_orders')).toBe(false); // egress, air-gapped agent
    expect(found.has('orders__order_notes')).toBe(false); // confidential only
    expect(found.has('orders__refund_order')).toBe(false); // not allowed
    expect(found.has('orders__cancel_order')).toBe(false); // approval required, no channel on this surface
    expect(found.has('orders__get_order')).toBe(true);
  });

  it('adds the matches to the current run and keeps them unlocked for the cached agent', () => {
    const state = new ToolSearchState();
    const catalogue = shopCatalogue();
    const first = resolveAgentToolsWithSearch(shopAgent, catalogue, interactive, state);
    first.search('refund');
    expect(names(first.functions())).toEqual([searchToolsName, 'customers__find_customer', 'orders__refund_order']);

    const nextRun = resolveAgentToolsWithSearch(shopAgent, catalogue, interactive, state);
    expect(names(nextRun.functions())).toEqual([searchToolsName, 'customers__find_customer', 'orders__refund_order']);

    const otherAgent = resolveAgentToolsWithSearch(shopAgent, catalogue, interactive, new ToolSearchState());
    expect(names(otherAgent.functions())).toEqual([searchToolsName, 'customers__find_customer']);
  });

  it('hides an unlocked tool once the rules no longer expose it', () => {
    const state = new ToolSearchState();
    const catalogue = shopCatalogue();
    resolveAgentToolsWithSearch(shopAgent, catalogue, interactive, state).search('refund');
    const denied = resolveAgentToolsWithSearch(
      { ...shopAgent, policies: [{ toolName: 'orders__refund_order', approvalMode: 'deny' }] },
      catalogue,
      interactive,
      state,
    );
    expect(names(denied.functions())).toEqual([searchToolsName, 'customers__find_customer']);
    expect(state.unlocked).toEqual(['orders__refund_order']);
  });

  it('exposes unlocked and pinned tools wrapped exactly as resolveAgentTools does', async () => {
    const calls: string[] = [];
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [fakeToolset('OpsToolset', [{ name: 'restart_service', metadata: { approval: 'require_approval' }, run: () => calls.push('restart') }])] });
    const search = resolveAgentToolsWithSearch(
      { allowedTools: ['ops__restart_service'] },
      catalogue,
      { approvals: new ToolApprovalRouter({ runMode: 'auto_reject_required' }) },
      new ToolSearchState(),
    );
    search.search('restart');
    const restart = search.functions().find((fn) => fn.qualifiedName === 'ops__restart_service');
    await expect(restart?.invoke({})).rejects.toMatchObject({ name: 'ToolApprovalError' });
    expect(calls).toEqual([]);
  });

  it('offers search_tools as a tool the model calls', async () => {
    const search = resolveAgentToolsWithSearch(shopAgent, shopCatalogue(), interactive, new ToolSearchState());
    expect(search.searchFunction.parameters.jsonSchema).toMatchObject({ required: ['query'] });
    const result = (await search.searchFunction.invoke({ query: 'cancel an order' })) as { tools: { name: string }[]; message: string };
    expect(result.tools.map((tool) => tool.name)).toEqual(['orders__cancel_order', 'orders__get_order', 'orders__refund_order', 'orders__search_customer_orders']);
    expect(result.message).toBe('These tools are now available to call.');
    expect(names(search.functions())).toContain('orders__cancel_order');
    await expect(search.searchFunction.invoke({ query: 'zebra' })).resolves.toEqual({
      tools: [],
      message: 'No tool matches these words. Try other words for the action or the thing it acts on.',
    });
    await expect(search.searchFunction.invoke({ query: 3 })).rejects.toMatchObject({ name: 'ToolArgumentError' });
  });

  it('refuses an allowed tool that would shadow search_tools', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ external: [{ function: fakeTool({ name: 'search_tools' }), metadata: { serverName: '', originalName: 'search_tools', networkScope: 'none' } }] });
    expect(() => resolveAgentToolsWithSearch({ allowedTools: ['search_tools'] }, catalogue, interactive, new ToolSearchState())).toThrow(/tool search mode needs that name/);
  });
});

describe('matchTools', () => {
  const tools = [
    fakeTool({ name: 'send_email', description: 'Sends an email message.', properties: { recipient: 'string' } }),
    fakeTool({ name: 'read_inbox', description: 'Lists new email.', properties: { folder: 'string' } }),
    fakeTool({ name: 'weather', description: 'Forecast for a city.', properties: { cityName: 'string' } }),
  ];

  it('ranks name matches over argument and description matches', () => {
    expect(matchTools('email', tools).map((match) => [match.name, match.score])).toEqual([
      ['test__send_email', 4],
      ['test__read_inbox', 1],
    ]);
  });

  it('splits camelCase argument names and matches prefixes', () => {
    expect(matchTools('city', tools).map((match) => match.name)).toEqual(['test__weather']);
    expect(matchTools('emails', tools).map((match) => match.name)).toEqual(['test__send_email', 'test__read_inbox']);
  });

  it('ignores empty queries and stop words', () => {
    expect(matchTools('', tools)).toEqual([]);
    expect(matchTools('the a of', tools)).toEqual([]);
  });

  it('returns no more than the limit', () => {
    const many = Array.from({ length: 9 }, (_, index) => fakeTool({ name: `report_${index}` }));
    expect(matchTools('report', many)).toHaveLength(5);
    expect(matchTools('report', many, 2)).toHaveLength(2);
  });
});
