/**
 * The reason after a spec §8 text: the server answers "Error fetching account companies: <why>"; the alert's
 * title is the spec text, its body the why (or the whole message when it has another form).
 */
export const failureText = (error: Error, specText: string) =>
  error.message.startsWith(`${specText}: `) ? error.message.slice(specText.length + 2) : error.message;
