/** The identity pages' texts live in the server's one messages module. */
export { identityMessages as messages } from '../messages';
