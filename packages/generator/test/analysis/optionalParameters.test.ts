import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@toolgen/generator';
import { writeProject } from '../helpers.js';

/*
 * An optional parameter is derived as it is written, as a required one is: under `strict` its type
 * is `T | undefined`, and the `undefined` set aside must not take the written type with it (the
 * alias's keyword tags, a union's written order). Found by a new-user trial: `r?: Rating` lost
 * `@minimum`/`@maximum`, and `invoke({ r: 11 })` returned 11.
 */

const source = `import { Toolset } from '@toolgen/runtime';

/** @minimum 1 @maximum 10 */
type Rating = number;

/** The checker has met these literals before the parameter's union: its order would be theirs. */
export type Sort = 'best' | 'oldest';
type Maybe<T> = T | null;

export class RateToolset extends Toolset {
  constructor() {
    super();
    this.addTool(RateToolset.rate).readOnly();
  }

  /**
   * Rates.
   * @param optional An optional rating.
   * @param nullable A rating or null.
   * @param defaulted A rating with a default.
   * @param order The order, as written.
   * @param maybe A rating through a generic alias.
   */
  static rate(optional?: Rating, nullable?: Rating | null, defaulted: Rating = 3, order?: 'newest' | 'oldest' | 'best', maybe?: Maybe<Rating>): number {
    return optional ?? nullable ?? maybe ?? defaulted + (order === undefined ? 0 : 1);
  }
}
`;

describe('an optional parameter under strict', () => {
  it.each([true, false])('keeps its alias\'s keyword tags and its written union order (strict: %s)', (strict) => {
    const root = writeProject({ 'src/rate.ts': source }, { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict, skipLibCheck: true } });
    const analysis = analyzeProject(path.join(root, 'tsconfig.json'));
    expect(analysis.diagnostics).toEqual([]);
    const schema = analysis.toolsets[0]!.tools[0]!.parametersSchema as { properties: Record<string, unknown> };
    expect(schema.properties).toEqual({
      optional: { type: 'number', minimum: 1, maximum: 10, description: 'An optional rating.' },
      // without strictNullChecks, TypeScript has no null in `Rating | null`
      nullable: strict
        ? { anyOf: [{ type: 'number', minimum: 1, maximum: 10 }, { type: 'null' }], description: 'A rating or null.' }
        : { type: 'number', minimum: 1, maximum: 10, description: 'A rating or null.' },
      defaulted: { type: 'number', minimum: 1, maximum: 10, description: 'A rating with a default.', default: 3 },
      order: { type: 'string', enum: ['newest', 'oldest', 'best'], description: 'The order, as written.' },
      maybe: strict
        ? { anyOf: [{ type: 'number', minimum: 1, maximum: 10 }, { type: 'null' }], description: 'A rating through a generic alias.' }
        : { type: 'number', minimum: 1, maximum: 10, description: 'A rating through a generic alias.' },
    });
  });
});
