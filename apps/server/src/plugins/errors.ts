import fp from 'fastify-plugin';

// Placeholder: replaced by its owner.
export const errorsPlugin = fp(async () => {}, { name: 'errors' });
