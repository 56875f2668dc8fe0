import { Usage, type AgentInputItem, type AgentOutputItem, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';

/** What the model has read so far: each tool call's output text, by call id. */
export type ToolOutputs = ReadonlyMap<string, string>;

/** One turn of the script: what the model answers, given the tool outputs it has read. */
export type Turn = (outputs: ToolOutputs) => AgentOutputItem[];

/**
 * A stand-in for an LLM, so the example runs offline: it implements the Agents SDK's `Model`
 * interface and answers turn n with the n-th entry of its script. It prints what it reads and
 * what it calls, which is the conversation the SDK runs.
 */
export class ScriptedModel implements Model {
  readonly #turns: readonly Turn[];
  readonly #print: (line: string) => void;
  readonly #read = new Set<string>();
  #turn = 0;

  constructor(turns: readonly Turn[], print: (line: string) => void) {
    this.#turns = turns;
    this.#print = print;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const outputs = toolOutputs(request.input);
    for (const [callId, text] of outputs) {
      if (this.#read.has(callId)) continue;
      this.#read.add(callId);
      this.#print(`  model reads ${callId}: ${text.replaceAll('\n', '\n    ')}`);
    }
    const turn = this.#turns[this.#turn++];
    if (turn === undefined) throw new Error(`The script has no turn ${this.#turn}.`);
    const output = turn(outputs);
    for (const item of output) {
      if (item.type === 'function_call') this.#print(`  model calls ${item.callId}: ${item.name} ${item.arguments}`);
      if (item.type === 'message' && item.role === 'assistant') this.#print(`  model says: ${item.content.map((part) => (part.type === 'output_text' ? part.text : '')).join('')}`);
    }
    return { usage: new Usage(), output };
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('The scripted model does not stream; use run(agent, input) without { stream: true }.');
  }
}

/** A function call the model makes, with its arguments as the JSON text the API sends. */
export function functionCall(callId: string, name: string, args: unknown): AgentOutputItem {
  return { type: 'function_call', id: `fc_${callId}`, callId, name, arguments: JSON.stringify(args), status: 'completed' };
}

/** The model's final answer. */
export function message(text: string): AgentOutputItem {
  return { type: 'message', id: 'msg_final', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] };
}

function toolOutputs(input: string | readonly AgentInputItem[]): Map<string, string> {
  const outputs = new Map<string, string>();
  if (typeof input === 'string') return outputs;
  for (const item of input) {
    if (item.type !== 'function_call_result') continue;
    const output = item.output;
    outputs.set(item.callId, typeof output === 'string' ? output : !Array.isArray(output) && output.type === 'text' ? output.text : JSON.stringify(output));
  }
  return outputs;
}
