import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../packages/generator/test/typeCheckProject.js';
import { runToolgen } from '../../../test/runToolgen.js';
import { runScript } from '../../../test/runScript.js';
import { tsc7Executable } from '../../../test/tsc7.js';

const example = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(example, '../..');
const tmp = path.join(example, 'test/.tmp');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the example's sources and configuration, inside the repository so that its imports resolve. */
function copyOfExample(): string {
  mkdirSync(tmp, { recursive: true });
  const copy = mkdtempSync(path.join(tmp, 'copy-'));
  for (const entry of ['src', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(example, entry), path.join(copy, entry), { recursive: true });
  }
  return copy;
}

/** Every file under `folder`, by relative path, with its content. */
function filesUnder(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const paths = files.map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
  return new Map(paths.map((file) => [file, readFileSync(path.join(folder, file), 'utf8')]));
}

describe('examples/transformer-app', () => {
  it('builds with `npm run build` (program.emit with the transformer), and the app calls the tools', () => {
    rmSync(path.join(example, 'dist'), { recursive: true, force: true });
    runScript(example, 'build', { stdio: 'pipe' });
    expect(existsSync(path.join(example, 'src/weather.tools.ts'))).toBe(false);
    expect(existsSync(path.join(example, 'dist/weather.tools.js'))).toBe(true);
    const output = runScript(example, 'start');
    expect(output).toBe(
      [
        'Toolset Weather: weather__get_forecast, weather__convert_temperature',
        'weather__get_forecast {"city":"Oslo","unit":"fahrenheit"} -> {"city":"Oslo","summary":"light snow","high":30,"low":21}',
        'weather__get_forecast {"city":"Oslo","unit":"kelvin"} -> error for the model: Invalid arguments:\n- /unit: must be one of "celsius", "fahrenheit"; got "kelvin"\nCorrect these arguments and call the tool again.',
        'weather__get_forecast {"city":"Atlantis","unit":"celsius"} -> error for the model: No forecast for Atlantis. Name a larger city nearby.',
        'weather__convert_temperature {"celsius":21} -> 70',
        '',
      ].join('\n'),
    );
  }, 120_000);

  it('emits what tsc emits once the CLI has written the module, byte for byte', async () => {
    const copy = copyOfExample();
    expect((await runToolgen(['-p', copy], repo)).code).toBe(0);
    // tsc -p, TypeScript 6's, in this process
    expect(compileProject(copy)).toEqual([]);
    const expected = filesUnder(path.join(copy, 'dist'));
    expect([...expected.keys()]).toContain('weather.tools.js');
    expect(filesUnder(path.join(example, 'dist'))).toEqual(expected);
  }, 120_000);

  it('fails the build on a TSH error, with the lines the CLI prints', async () => {
    const copy = copyOfExample();
    const source = path.join(copy, 'src/weather.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace('this.addTool(WeatherToolset.convertTemperature)', "this.addTool(WeatherToolset.convertTemperature).withName('toFahrenheit')"));
    const cli = await runToolgen(['--check', '-p', '.'], copy);
    const lines = cli.stdout.split('\n').filter((line) => line.includes(' - error TSH'));
    expect(lines).toEqual([expect.stringMatching(/^src\/weather\.ts:\d+:\d+ - error TSH008: Tool name "toFahrenheit" is not lower_snake_case\./)]);

    const build = spawnSync(process.execPath, [path.join(example, 'build.mjs'), copy], { cwd: copy, encoding: 'utf8' });
    expect(build.status).toBe(1);
    expect(build.stderr).toBe(`${lines.join('\n')}\n`);
  }, 120_000);

  it('type-checks under TypeScript 7 with the declarations `toolgen --types-only` wrote (the build checked it under TypeScript 6)', () => {
    execFileSync(tsc7Executable, ['-p', 'tsconfig.json', '--noEmit'], { cwd: example, encoding: 'utf8' });
  }, 120_000);
});
