/**
 * Ends the current task so the browser can paint and handle input before the next step runs. Start-up
 * work is cut into steps with it: one long task blocks a tap for its whole length (Total Blocking Time).
 */
export function yieldToMain(): Promise<void> {
  // scheduler.yield (Chromium 129+) resumes ahead of other queued tasks; elsewhere a zero timeout.
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
