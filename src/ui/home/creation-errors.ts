/** The server codes SPEC §8 handles without an inline message. */
export const SUBSCRIPTION_LIMIT_REACHED = 'SUBSCRIPTION_LIMIT_REACHED';
export const EMAIL_VERIFICATION_REQUIRED = 'EMAIL_VERIFICATION_REQUIRED';

export interface CreationFailure {
  code?: string;
  message: string;
}

/**
 * SPEC §8 "Stories": the line shown under the Start Reading button when story creation fails, or null when
 * no line is shown. The quota limit is silent (the usage meter and, later, the upgrade flow say it) and a
 * missing e-mail verification opens the verification modal instead. Matching ignores case, and "timed out"
 * counts as a timeout, so a rewording in the socket layer does not fall through to the generic line.
 */
export function creationErrorMessage(error: CreationFailure): string | null {
  if (error.code === SUBSCRIPTION_LIMIT_REACHED || error.code === EMAIL_VERIFICATION_REQUIRED) return null;
  const message = error.message.toLowerCase();
  if (message.includes('timeout') || message.includes('timed out')) {
    return 'Story creation is taking longer than expected. Please try again.';
  }
  if (message.includes('websocket')) return 'Connection error. Please check your internet and try again.';
  if (message.includes('already in progress')) return 'Story creation is already in progress. Please wait.';
  if (message.includes('authentication')) return 'Authentication error. Please refresh the page and try again.';
  return 'Failed to create story. Please try again.';
}

/** Reads the code and message of whatever `startStory` rejected with. */
export function toCreationFailure(error: unknown): CreationFailure {
  if (error instanceof Error) {
    const { code } = error as Error & { code?: unknown };
    return { code: typeof code === 'string' ? code : undefined, message: error.message };
  }
  return { message: typeof error === 'string' ? error : '' };
}
