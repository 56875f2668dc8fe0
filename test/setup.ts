import { afterAll } from 'vitest';
import { removeTemporaryFolders } from './temporaryFolders.js';

// A setup file runs before each test file, where a module the files share is loaded once (see temporaryFolders.ts).
afterAll(removeTemporaryFolders);
