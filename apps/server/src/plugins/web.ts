import fp from 'fastify-plugin';
import type { Config } from '../config';

// Placeholder: replaced by its owner.
export const webPlugin = fp<{ config: Config }>(async () => {}, { name: 'webPlugin' });
