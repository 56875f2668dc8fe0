import { describe, expect, it } from 'vitest';
import { Toolset, type ToolArguments, type ToolServices } from '@toolgen/runtime';

export class SearchSettings {
  limit = 10;
  includeClosed = false;
  readonly apiVersion = 'v2';
  describe(): string {
    return `${this.limit}`;
  }
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    clock: () => Date;
  }
}

export class SampleToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Samples');
    this.addTool(SampleToolset.search)
      .readOnly()
      .withName('search_samples')
      .withDescription('Searches samples.')
      .networkScope('incidental')
      .workspacePath('path', 'write')
      .confidentialOnly()
      .withSettings<SearchSettings>()
      .configurable((s) => s.limit)
      .configurable((s) => s.includeClosed);
    this.addTool(SampleToolset.now).requiresApproval().nonConfidentialOnly().withConfigurableSettings<SearchSettings>().notConfigurable((s) => s.limit);
    this.addTool(SampleToolset.echo);
  }

  static search(query: string, path: string, settings: SearchSettings): string[] {
    return [query, path, String(settings.limit)];
  }

  static now(services: ToolServices, signal: AbortSignal): string {
    signal.throwIfAborted();
    return services.clock().toISOString();
  }

  static echo(args: ToolArguments): ToolArguments {
    return args;
  }
}

describe('Toolset authoring at run time', () => {
  it('runs a constructor with every builder call without recording or throwing', () => {
    const toolset = new SampleToolset();
    expect(Object.keys(toolset)).toEqual([]);
  });

  it('keeps the static methods callable as ordinary functions', () => {
    expect(SampleToolset.search('q', 'a.txt', new SearchSettings())).toEqual(['q', 'a.txt', '10']);
    const now = SampleToolset.now({ clock: () => new Date('2026-01-02T03:04:05Z') }, new AbortController().signal);
    expect(now).toBe('2026-01-02T03:04:05.000Z');
  });

  it('returns a builder that chains every call', () => {
    class ProbeToolset extends Toolset {
      readonly builder = this.addTool(ProbeToolset.ping);
      static ping(): string {
        return 'pong';
      }
    }
    const builder = new ProbeToolset().builder;
    expect(builder.readOnly().requiresApproval().withName('x').withDescription('y')).toBe(builder);
    expect(builder.networkScope('egress').workspacePath('p').confidentialOnly().nonConfidentialOnly()).toBe(builder);
    const settings = builder.withSettings<SearchSettings>();
    expect(settings.configurable((s) => s.limit)).toBe(settings);
  });
});
