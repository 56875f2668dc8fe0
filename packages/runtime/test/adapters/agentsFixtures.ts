import { Usage, type AgentInputItem, type AgentOutputItem, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';

// A scripted model for runs through the real @openai/agents runner, and the items it answers with.

/** A Model that answers turn n with the n-th script entry and records every request. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #turns: readonly ((request: ModelRequest) => AgentOutputItem[])[];

  constructor(...turns: ((request: ModelRequest) => AgentOutputItem[])[]) {
    this.#turns = turns;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const turn = this.#turns[this.requests.length - 1];
    if (turn === undefined) throw new Error(`The script has no turn ${this.requests.length}.`);
    return { usage: new Usage(), output: turn(request) };
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('The scripted model does not stream.');
  }
}

export function functionCall(name: string, args: unknown, callId = 'call_1', text = JSON.stringify(args)): AgentOutputItem {
  return { type: 'function_call', id: `fc_${callId}`, callId, name, arguments: text, status: 'completed' };
}

export function message(text: string): AgentOutputItem {
  return { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] };
}

/** The tool outputs a request sends the model, by call id. */
export function toolOutputs(request: ModelRequest | undefined): Record<string, string> {
  const input: readonly AgentInputItem[] = typeof request?.input === 'string' ? [] : (request?.input ?? []);
  const outputs: Record<string, string> = {};
  for (const item of input) {
    if (item.type !== 'function_call_result') continue;
    const output = item.output;
    outputs[item.callId] = typeof output === 'string' ? output : !Array.isArray(output) && output.type === 'text' ? output.text : JSON.stringify(output);
  }
  return outputs;
}
