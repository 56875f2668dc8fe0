import { describe, expectTypeOf, it } from 'vitest';
import {
  Toolset,
  type ConfigurableSettingsBuilder,
  type SettingsBuilder,
  type ToolArguments,
  type ToolBuilder,
  type ToolServices,
} from '@toolgen/runtime';
import { SampleToolset, SearchSettings } from './authoring.test.js';

describe('Toolset authoring types', () => {
  it('types every chain call', () => {
    expectTypeOf<ToolBuilder['readOnly']>().returns.toEqualTypeOf<ToolBuilder>();
    expectTypeOf<ToolBuilder['withSettings']>().returns.toEqualTypeOf<SettingsBuilder<object>>();
    expectTypeOf<ToolBuilder['withConfigurableSettings']>().returns.toEqualTypeOf<ConfigurableSettingsBuilder<object>>();
    expectTypeOf<ToolBuilder['networkScope']>().parameter(0).toEqualTypeOf<'none' | 'incidental' | 'egress'>();
    expectTypeOf<ToolBuilder['workspacePath']>().parameter(1).toEqualTypeOf<'read' | 'write' | undefined>();
  });

  it('rejects what the contract forbids, at compile time', () => {
    class WrongToolset extends Toolset {
      constructor() {
        super();
        const builder = this.addTool(WrongToolset.tool);
        // @ts-expect-error -- a member the settings class does not have
        builder.withSettings<SearchSettings>().configurable((s) => s.pageSize);
        // @ts-expect-error -- readonly members are never configurable
        builder.withSettings<SearchSettings>().configurable((s) => s.apiVersion);
        // @ts-expect-error -- methods are not settings
        builder.withSettings<SearchSettings>().configurable((s) => s.describe);
        // @ts-expect-error -- the selector returns a member, not the whole settings object
        builder.withSettings<SearchSettings>().configurable((s) => s);
        // @ts-expect-error -- withSettings comes last: no other call may follow it
        builder.withSettings<SearchSettings>().readOnly();
        // @ts-expect-error -- nor after withConfigurableSettings
        builder.withConfigurableSettings<SearchSettings>().notConfigurable((s) => s.limit).requiresApproval();
        // @ts-expect-error -- withSettings opens members with configurable, not notConfigurable
        builder.withSettings<SearchSettings>().notConfigurable((s) => s.limit);
        // @ts-expect-error -- withConfigurableSettings closes members with notConfigurable, not configurable
        builder.withConfigurableSettings<SearchSettings>().configurable((s) => s.limit);
        // @ts-expect-error -- a network scope outside none | incidental | egress
        builder.networkScope('internet');
        // @ts-expect-error -- a workspace access outside read | write
        builder.workspacePath('path', 'execute');
        // @ts-expect-error -- addTool takes a function
        this.addTool('tool');
      }

      static tool(): void {}
    }
    expectTypeOf(WrongToolset).toExtend<abstract new () => Toolset>();
  });

  it('keeps the authoring calls protected, for the constructor alone', () => {
    const toolset = {} as SampleToolset;
    // @ts-expect-error -- addTool is protected
    toolset.addTool(SampleToolset.echo);
    // @ts-expect-error -- withDisplayName is protected
    toolset.withDisplayName('Outside');
  });

  it('lets users type ToolServices by module augmentation', () => {
    expectTypeOf<ToolServices>().toHaveProperty('clock').toEqualTypeOf<() => Date>();
    expectTypeOf<ToolArguments>().toEqualTypeOf<{ readonly [name: string]: unknown }>();
  });
});
