import { describe, expect, it } from 'vitest';
import { derive, deriveTogether } from './fixture.js';
import { problemFixtures as fixtures } from './problemFixtures.js';

deriveTogether(fixtures);

describe.each(fixtures)('$name', ({ source, purpose, want }) => {
  it('reports exactly these problems', () => {
    const { problems } = derive(source, purpose);
    expect(problems.map(({ pointer, typeText }) => ({ pointer, typeText }))).toEqual(want.map(({ pointer, typeText }) => ({ pointer, typeText })));
    problems.forEach((problem, index) => {
      expect(problem.reason).toMatch(want[index]!.reason);
      expect(problem.fix).toMatch(want[index]!.fix);
    });
  });
});
