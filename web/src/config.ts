/**
 * `/config.json` (shape: shared/schemas/web-config.ts), fetched once at start. The full zod parse runs in
 * the auth chunk; the start path only peeks at the client id so signed-out visitors never load Amplify.
 */
let configRequest: Promise<unknown> | null = null;

export function loadRawWebConfig(): Promise<unknown> {
  configRequest ??= fetch('/config.json', { cache: 'no-store' }).then(async (response) => {
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    return (await response.json()) as unknown;
  });
  // A failed fetch is retried on the next call instead of being cached forever.
  configRequest.catch(() => {
    configRequest = null;
  });
  return configRequest;
}

export function peekUserPoolClientId(raw: unknown): string | null {
  const clientId = (raw as { userPoolClientId?: unknown } | null)?.userPoolClientId;
  return typeof clientId === 'string' && clientId.length > 0 ? clientId : null;
}

/** Amplify keeps `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` while a session is stored. */
export function hasStoredSession(userPoolClientId: string): boolean {
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return false;
  }
}

/**
 * False when storage holds no Cognito session for any app client, known without /config.json: the
 * signed-out start path then skips the session check entirely.
 */
export function mayHaveStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
    return false;
  } catch {
    return false;
  }
}
