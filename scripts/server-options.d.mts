// Types of server-options.mjs (plain JavaScript, run by Node as it is).

/** Node options of the portal's server process (what `npm start` passes). */
export const SERVER_NODE_OPTIONS: string[];
