import { useTranslation } from 'react-i18next';
import type { CompetitionTrack } from '../../../../shared/competition-entry';
import { formatDate } from '../../lib/format';

/**
 * The user's published tracks as one radio group (arrow keys move between them, as native radios do).
 * `errorId` names the message shown when the user submits without choosing, read with the group.
 */
export function TrackChoice({
  tracks,
  chosen,
  onChoose,
  errorId,
}: {
  tracks: readonly CompetitionTrack[];
  chosen: string | null;
  onChoose: (id: string) => void;
  errorId: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-medium text-zinc-200">{t('competitions.enter.tracksLabel')}</legend>
      <ul className="mt-3 space-y-2">
        {tracks.map((track) => (
          <li key={track.id}>
            <label
              className={`flex cursor-pointer items-center gap-3 rounded-xl border p-4 transition focus-within:ring-2 focus-within:ring-violet-400 ${
                chosen === track.id
                  ? 'border-violet-400/70 bg-violet-500/10'
                  : 'border-white/10 bg-zinc-900/60 hover:bg-white/5'
              }`}
            >
              <input
                type="radio"
                name="track"
                value={track.id}
                checked={chosen === track.id}
                onChange={() => onChoose(track.id)}
                className="h-4 w-4 shrink-0 accent-violet-500"
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-white">{track.title}</span>
                <span className="block text-xs text-zinc-400">
                  {t('competitions.enter.trackMeta', {
                    genre: track.genre,
                    date: formatDate(track.created_at),
                  })}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
