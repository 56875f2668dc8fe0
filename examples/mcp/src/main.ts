/**
 * The note tools over MCP, all in one process (a real McpServer and real Clients over the SDK's
 * in-memory transport), printing what each side sees:
 *
 * 1. serve the generated tools with registerMcpTools, delete_note asking the user first;
 * 2. call them through the typed client toolgen import-mcp wrote (src/notesClient.ts);
 * 3. connect the server's tools into a ToolCatalogue with connectMcpServer, as a host would,
 *    and watch them leave when the server goes away.
 *
 *   npx toolgen -p examples/mcp                # regenerate src/notes.tools.ts
 *   npm run import -w examples/mcp             # regenerate src/notesClient.ts from toolgen mcp
 *   npm start -w examples/mcp                  # compile and run this script
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { resolveAgentTools, ToolCatalogue } from '@toolgen/runtime';
import { connectMcpServer, registerMcpTools } from '@toolgen/runtime/mcp';
import { createNotesClient } from './notesClient.js';
import { noteToolset } from './notes.tools.js';
import { createServices } from './services.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
registerMcpTools(server, noteToolset.functions, {
  // as toolgen mcp does: the tools whose declared approval is require_approval ask the user
  needsApproval: (fn) => fn.metadata.approval === 'require_approval',
  context: { services: createServices() },
});

// A desktop client: it can ask its user (elicitation), who approves the first request and declines the next.
const answers: ('accept' | 'decline')[] = ['accept', 'decline'];
const desktop = new Client({ name: 'desktop', version: '1.0.0' }, { capabilities: { elicitation: {} } });
desktop.setRequestHandler('elicitation/create', async (request) => {
  const answer = answers.shift() ?? 'decline';
  console.log(`  [the user is asked] ${request.params.message.split('\n')[0]} → ${answer === 'accept' ? 'approves' : 'declines'}`);
  return answer === 'accept' ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
});
await connect(server, desktop);

console.log('tools/list:');
for (const tool of (await desktop.listTools()).tools) {
  const hints = tool.annotations ?? {};
  console.log(`  ${tool.name} readOnly=${hints.readOnlyHint} destructive=${hints.destructiveHint} openWorld=${hints.openWorldHint}${tool.outputSchema === undefined ? '' : ' (output schema)'}`);
}

const notes = createNotesClient(desktop);
const added = await notes.noteAddNote({ text: 'Buy milk', tags: ['shopping'] });
console.log(`\nadd_note → note ${added.id}: ${JSON.stringify(added.text)}, tags ${added.tags.join(', ')}`);
const found = await notes.noteFindNotes({ words: 'milk' });
console.log(`find_notes "milk" → notes ${(JSON.parse(textOf(found)) as { id: number }[]).map((note) => note.id).join(', ')}`);
const invalid = await desktop.callTool({ name: 'note__get_note', arguments: { id: 'one' } });
console.log(`get_note with id "one" → isError=${invalid.isError}:\n${indent(textOf(invalid))}`);
try {
  await notes.noteGetNote({ id: 99 });
} catch (error) {
  console.log(`get_note 99 → ${(error as Error).message}`);
}

console.log('\ndelete_note asks first:');
console.log(`  → ${textOf(await notes.noteDeleteNote({ id: added.id }))}`);
console.log(`  → ${textOf(await notes.noteDeleteNote({ id: 1 }))}`);

// A host connecting the same server's tools into its catalogue: they are untrusted imports.
const host = new Client({ name: 'host', version: '1.0.0' });
const second = new McpServer({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
registerMcpTools(second, noteToolset.functions, { names: 'name', context: { services: createServices() } });
await connect(second, host);
const catalogue = new ToolCatalogue();
const connection = await connectMcpServer(catalogue, host, { serverName: 'notes', networkScope: 'incidental' });
console.log(`\nconnectMcpServer → ${connection.tools.map((fn) => `${fn.qualifiedName} (${catalogue.getNetworkScope(fn.qualifiedName)})`).join(', ')}`);
const entry = catalogue.get('notes__find_notes')!;
console.log(`notes__find_notes: the server says readOnlyHint=${entry.source.kind === 'server' ? entry.source.annotations?.readOnlyHint : '?'}; the catalogue says readOnly=${entry.function.metadata.readOnly}`);
const planner = resolveAgentTools({ name: 'planner', toolsets: [{ owner: 'notes' }], planMode: true }, catalogue, {});
console.log(`a plan-mode agent sees: ${planner.functions.length === 0 ? 'nothing' : planner.functions.map((fn) => fn.qualifiedName).join(', ')}`);
console.log(`notes__find_notes {"words":"plants"} → ${JSON.stringify(await entry.function.invoke({ words: 'plants' }))}`);

await second.close();
console.log(`\nthe server closed; the catalogue holds ${catalogue.size} tools`);
try {
  await entry.function.invoke({ words: 'plants' });
} catch (error) {
  console.log(`a held tool → ${(error as Error).message}`);
}
await desktop.close();

async function connect(to: McpServer, client: Client): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await to.connect(serverSide);
  await client.connect(clientSide);
}

function textOf(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((block) => block.text ?? `[${block.type}]`).join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
