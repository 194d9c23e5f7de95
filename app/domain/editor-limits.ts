/** The longest body the editor saves; longer posts get a 400 and change nothing. */
export const MAX_BODY = 200_000;
export const MAX_BODY_MESSAGE = `The text is longer than ${MAX_BODY.toLocaleString("en")} characters. Split it into several items.`;
/** Requests bigger than this are refused before their body is read. */
export const MAX_REQUEST_BYTES = 4 * MAX_BODY + 64 * 1024;
