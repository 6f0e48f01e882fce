import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-options.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('the server process options', () => {
  it('npm start passes what the tests and benchmarks start the server with', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const start: string = manifest.scripts.start;
    expect(start).toBe(`node ${SERVER_NODE_OPTIONS.join(' ')} scripts/start.mjs`);
  });
});
