import { describe, it } from 'vitest';
import { expectOptionsChangeFollowed } from './optionsChangeCase.js';

describe('a kept session after the tsconfig\'s compiler options change', () => {
  it('generates what a fresh generation does with the new options, and again after they change back', async () => {
    await expectOptionsChangeFollowed('ts6');
  });
});
