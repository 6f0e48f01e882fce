/**
 * The server's limits for a document's fields (the contract's `documentMetadata` and
 * `documentUpdate` schemas; a test holds them equal): the forms stop typing there instead of
 * sending what the server refuses with a message that cannot name the field.
 */
export const DISPLAY_NAME_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 2000;
