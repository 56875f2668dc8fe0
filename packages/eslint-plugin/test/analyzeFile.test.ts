import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ts6AnalysisHost, type SourceFile } from '@toolgen/generator/analysis';
import { analyzeFile } from '../src/util/index.js';
import { fixtureProject } from './setupRuleTester.js';

const typescript = createRequire(import.meta.url)('typescript') as typeof ts;

function hostOf(): ReturnType<typeof ts6AnalysisHost> {
  const configPath = path.join(fixtureProject, 'tsconfig.json');
  const { config } = typescript.readConfigFile(configPath, (file) => typescript.sys.readFile(file));
  const parsed = typescript.parseJsonConfigFileContent(config, typescript.sys, fixtureProject, undefined, configPath);
  const program = typescript.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return ts6AnalysisHost(typescript, program);
}

describe('analyzeFile', () => {
  it('analyzes a file once per program, whichever rule asks', () => {
    const host = hostOf();
    const sourceFile = host.program.getSourceFile(path.join(fixtureProject, 'src/other.ts')) as unknown as SourceFile;
    const analysis = analyzeFile(host, sourceFile);
    expect(analysis.toolsets.map((toolset) => toolset.className)).toEqual(['OrderToolset']);
    expect(analyzeFile(host, sourceFile)).toBe(analysis);
  });

  it('analyzes anew for a new program, since types from other files may have changed', () => {
    const first = hostOf();
    const second = hostOf();
    const fileName = path.join(fixtureProject, 'src/other.ts');
    const fileOf = (host: ReturnType<typeof ts6AnalysisHost>) => host.program.getSourceFile(fileName) as unknown as SourceFile;
    expect(analyzeFile(second, fileOf(second))).not.toBe(analyzeFile(first, fileOf(first)));
  });
});
