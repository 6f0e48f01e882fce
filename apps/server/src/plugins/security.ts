import fp from 'fastify-plugin';
import type { Config } from '../config';

// Placeholder: replaced by its owner.
export const securityPlugin = fp<{ config: Config }>(async () => {}, { name: 'securityPlugin' });
