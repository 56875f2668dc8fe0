import { describe, it } from 'vitest';
import { expectOptionsChangeFollowed } from '../build/optionsChangeCase.js';

describe('a kept TypeScript 7 session after the tsconfig\'s compiler options change', () => {
  it('opens the project again: it generates what a fresh generation does with the new options, and again after they change back', async () => {
    await expectOptionsChangeFollowed('ts7');
  });
});
