import { main } from '@toolgen/generator';

/** The CLI's main in this process, as `npx toolgen` runs it (the bin adds only the process around it): its exit code and output. */
export async function runToolgen(argv: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, cwd);
  return { code, stdout, stderr };
}
