/** Beat durations travel as seconds and are shown as 'm:ss' (spec: Beat.duration). */

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'm:ss' (or 'mm:ss', or plain seconds) → seconds; undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(\d+):([0-5]\d)$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}
