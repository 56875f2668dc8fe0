// Issue 29: a bounded load test of `toolgen mcp --http` on loopback. The real CLI serves
// examples/tickets behind a bearer token; N clients (the MCP SDK's own Client over
// StreamableHTTPClientTransport) each open a session and make M calls of get_ticket one after
// another, all sessions at once, plus one call of close_ticket, which needs approval these
// clients cannot give. Reports p50/p99 call latency, calls per second, errors, and how many
// approval calls ran without a decision (must be 0). Prints JSON on stdout.
//
//   npm run build && node bench/mcpHttp.mjs [sessions] [callsPerSession]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repo, 'packages/runtime/package.json'));
const { Client, StreamableHTTPClientTransport } = await import(pathToFileURL(require.resolve('@modelcontextprotocol/client')).href);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Starts `toolgen mcp --http 0` for examples/tickets; resolves to its URL and the child. */
async function startServer(token) {
  const child = spawn(process.execPath, [path.join(repo, 'packages/generator/bin/toolgen.js'), 'mcp', '-p', 'examples/tickets', '--http', '0', '--auth-token-env', 'TOOLGEN_BENCH_TOKEN'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TOOLGEN_BENCH_TOKEN: token },
  });
  let stderr = '';
  const url = await new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
      const found = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found !== null) resolve(new URL(found[1]));
    });
    child.once('exit', () => reject(new Error(`toolgen mcp --http exited:\n${stderr}`)));
  });
  return { url, child };
}

export async function mcpHttpBench({ sessions = 50, callsPerSession = 100, log = () => {} } = {}) {
  const token = 'bench-token-0123456789';
  const { url, child } = await startServer(token);
  try {
    const latencies = [];
    let errors = 0;
    let approvalRuns = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: sessions }, async (_, index) => {
        const client = new Client({ name: `bench-${index}`, version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
        for (let call = 0; call < callsPerSession; call++) {
          const before = performance.now();
          try {
            const result = await client.callTool({ name: 'ticket__get_ticket', arguments: { number: call % 2 === 0 ? 4711 : 4712 } });
            if (result.isError === true) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - before);
        }
        const gated = await client.callTool({ name: 'ticket__close_ticket', arguments: { number: 4711, reason: 'Load test.' } }).catch(() => ({ isError: true }));
        if (gated.isError !== true) approvalRuns++;
        await client.close();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const result = {
      sessions,
      callsPerSession,
      calls: latencies.length,
      errors,
      approvalRunsWithoutDecision: approvalRuns,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1),
      callsPerSecond: latencies.length / seconds,
      seconds,
    };
    log(`mcp http: ${result.calls} calls in ${seconds.toFixed(1)} s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${errors} errors`);
    return result;
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [sessions, calls] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await mcpHttpBench({ sessions: sessions || 50, callsPerSession: calls || 100, log: (line) => console.error(line) }), null, 2));
}
