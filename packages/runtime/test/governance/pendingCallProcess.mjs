// A process of its own that defers or answers one approval, with the built runtime (dist):
//
//   node pendingCallProcess.mjs defer
//     prints the signed text of a call to ticket__close_ticket that the channel deferred;
//   node pendingCallProcess.mjs answer <default|file|unchecked> <stored text> <executions file> [ledger folder]
//     reads the text back, prints "ready", waits for a line on stdin, approves the call with the
//     default ledger, a FileToolApprovalLedger on the folder, or { otherProcesses: 'unchecked' }, and
//     prints the result as JSON. Each time the tool runs, it appends this process's id to the
//     executions file.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  answerPendingToolCall,
  defineTool,
  parsePendingToolCall,
  resolveAgentTools,
  serializePendingToolCall,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
} from '@toolgen/runtime';
import { FileToolApprovalLedger } from '@toolgen/runtime/node';

const key = 'the host key of the process tests, 32 bytes or more';
const [mode, ledgerMode, stored, executions, folder] = process.argv.slice(2);
const agent = { name: 'support', allowedTools: ['ticket__close_ticket'] };
const schema = { type: 'object', properties: { number: { type: 'integer' } }, required: ['number'], additionalProperties: false };

const closeTicket = defineTool({
  name: 'close_ticket',
  qualifiedName: 'ticket__close_ticket',
  description: 'Closes a ticket.',
  parameters: schema,
  variants: { 'openai-strict': schema, anthropic: schema, gemini: schema },
  losses: [],
  returns: {},
  metadata: { readOnly: false, approval: 'require_approval', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
  validate: (input, issues) => {
    if (!Number.isInteger(input?.number)) issues.push({ pointer: '/number', message: 'must be an integer' });
    return { number: input?.number };
  },
  normalizeStrict: (input) => input,
  result: 'value',
  call: (args) => {
    appendFileSync(executions, `${process.pid}\n`);
    return `closed ${args.number}`;
  },
});

const catalogue = new ToolCatalogue();
catalogue.sync({ toolsets: [{ className: 'TicketToolset', owner: 'ticket', displayName: 'Tickets', functions: [closeTicket] }] });
const router = new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: { name: 'inbox', requestApproval: async () => ({ decision: 'defer' }) } });
const resolved = resolveAgentTools(agent, catalogue, { approvals: router });

if (mode === 'defer') {
  try {
    await resolved.get('ticket__close_ticket').function.invoke({ number: 4711 }, { callId: 'call_1' });
    throw new Error('the call ran without approval');
  } catch (error) {
    if (!(error instanceof ToolApprovalError) || error.pending === undefined) throw error;
    process.stdout.write(`${serializePendingToolCall(error.pending, { key })}\n`);
  }
} else if (mode === 'answer') {
  const pending = parsePendingToolCall(stored, { key });
  const optionsOf = { file: () => ({ ledger: new FileToolApprovalLedger({ folder }) }), unchecked: () => ({ otherProcesses: 'unchecked' }), default: () => ({}) }[ledgerMode];
  if (optionsOf === undefined) throw new Error(`unknown ledger mode ${ledgerMode}`);
  const options = optionsOf();
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line === 'go') break;
  }
  lines.close();
  const result = await answerPendingToolCall(pending, { decision: 'approve' }, resolved.functions, {}, options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
