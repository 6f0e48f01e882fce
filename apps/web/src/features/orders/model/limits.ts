/** The financing request's purpose at most, as the server takes it (contract: 500). */
export const PURPOSE_MAX_LENGTH = 500;
