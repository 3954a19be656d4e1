// The new-password rule, shared by the server's check and the forms that show it before a try.

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt runs over the whole password: a bound keeps one request from costing seconds. */
export const PASSWORD_MAX_LENGTH = 128;
/** The rule in the words the forms show under a new-password field. */
export const PASSWORD_RULE = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
