import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { acapellaRange, compatibleKeys } from '../../../../../shared/licensing/key-bpm';
import { defaultFilters, type CatalogueFilters } from '../catalogue-state';
import { ApiError } from '../../../api/client';
import { useAuth } from '../../../auth/session';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';
import { keyLabel } from '../../../lib/key-names';

type State =
  | { status: 'idle' }
  | { status: 'analysing'; name: string }
  | {
      status: 'matched';
      name: string;
      /** What the filters use: only a key and a tempo the analysis is sure of. */
      key: string | null;
      bpm: number | null;
      /** Unsure results, shown as "tom incerto (talvez …)" and not filtered on. */
      keyGuess: string | null;
      bpmGuess: number | null;
    };

/** The filters that clear the acapella match (back to any key and the default BPM range). */
const CLEARED: Partial<CatalogueFilters> = {
  key: null,
  compatible: false,
  halfDouble: false,
  bpm: defaultFilters().bpm,
};

/**
 * "Beats que combinam com meu acapella" (issue 8): a vocalist uploads an acapella; its key and BPM are
 * detected by the API and the marketplace filters switch to compatible keys and the tempo window,
 * half/double tempo included. Part of the marketplace page's first paint (prerendered with it).
 */
export default function AcapellaMatch({ onApply }: { onApply: (patch: Partial<CatalogueFilters>) => void }) {
  const ready = useFeatureTexts(['licensing']);
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  // The panel is in the prerendered HTML (web/prerender): a file chosen there before the page hydrated
  // is analysed once the page is live (its change event fired before React listened).
  const chosenBeforeHydration = useRef(true);
  useEffect(() => {
    if (!ready || !chosenBeforeHydration.current) return;
    chosenBeforeHydration.current = false;
    const file = inputRef.current?.files?.[0];
    if (file) void analyse(file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the file already in the input
  }, [ready]);
  if (!ready) return null;

  function choose() {
    if (!user) {
      toast.error(t('licensing.loginTitle'), { description: t('licensing.acapella.loginDescription') });
      void navigate('/auth');
      return;
    }
    inputRef.current?.click();
  }

  function clear() {
    setState({ status: 'idle' });
    onApply(CLEARED);
  }

  async function analyse(file: File) {
    setState({ status: 'analysing', name: file.name });
    try {
      // Loaded on use: the upload rules, decoding and upload code are not part of the page's first load.
      const { acapellaFileProblem, detectKeyAndBpm } = await import('./acapella-analysis');
      const problem = acapellaFileProblem(file);
      if (problem) {
        setState({ status: 'idle' });
        toast.error(
          t(problem === 'notAudio' ? 'licensing.acapella.notAudio' : 'licensing.acapella.tooLarge'),
        );
        return;
      }
      const found = await detectKeyAndBpm(file);
      const bpm = found.bpm === null ? null : Math.round(found.bpm);
      if (found.key === null && bpm === null) {
        setState({ status: 'idle' });
        toast.error(t('licensing.acapella.failed'), { description: t('licensing.acapella.unknown') });
        return;
      }
      // Only what the analysis is sure of filters the catalogue; a guess is shown as one.
      const key = found.key_clear ? found.key : null;
      const tempo = found.bpm_clear ? bpm : null;
      setState({
        status: 'matched',
        name: file.name,
        key,
        bpm: tempo,
        keyGuess: key === null ? found.key : null,
        bpmGuess: tempo === null ? bpm : null,
      });
      onApply({
        ...CLEARED,
        ...(key !== null ? { key, compatible: true } : {}),
        ...(tempo !== null ? { bpm: rangeOf(tempo), halfDouble: true } : {}),
      });
    } catch (error) {
      setState({ status: 'idle' });
      console.error('Acapella analysis failed', error);
      toast.error(t('licensing.acapella.failed'), {
        description:
          error instanceof Error && error.name === 'DecodeError'
            ? t('licensing.acapella.decodeError')
            : error instanceof ApiError
              ? error.message
              : undefined,
      });
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const busy = state.status === 'analysing';
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="acapella-match"
      className="rounded-2xl border border-fuchsia-500/20 bg-gradient-to-br from-violet-950/60 to-fuchsia-950/30 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-semibold text-white">
            {t('licensing.acapella.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-400">{t('licensing.acapella.description')}</p>
        </div>
        <button
          type="button"
          onClick={choose}
          disabled={busy}
          aria-describedby={`${id}-status`}
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 text-sm font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-violet-300 disabled:cursor-wait disabled:opacity-70"
        >
          <MicGlyph />
          {busy ? t('licensing.acapella.analysing') : t('licensing.acapella.choose')}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept="audio/*"
          tabIndex={-1}
          aria-label={t('licensing.acapella.fileLabel')}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void analyse(file);
          }}
        />
      </div>
      <div id={`${id}-status`} aria-live="polite">
        {state.status === 'analysing' && (
          <p className="mt-3 flex items-center gap-2 text-sm text-zinc-300">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-violet-400 border-t-transparent"
            />
            {t('licensing.acapella.analysing')} <span className="truncate text-zinc-500">{state.name}</span>
          </p>
        )}
        {state.status === 'matched' && (
          <div
            data-testid="acapella-result"
            className="mt-3 flex flex-col gap-2 rounded-xl border border-white/10 bg-zinc-950/60 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-white">
                {t('licensing.acapella.detected', {
                  summary: [
                    ...(state.bpm !== null ? [`${state.bpm} BPM`] : []),
                    ...(state.bpmGuess !== null
                      ? [t('licensing.detect.tempoUnclear', { bpm: state.bpmGuess })]
                      : []),
                    ...(state.key !== null ? [keyLabel(t, state.key)] : []),
                    ...(state.keyGuess !== null
                      ? [t('licensing.detect.keyUnclear', { key: keyLabel(t, state.keyGuess) })]
                      : []),
                  ].join(' · '),
                })}
              </p>
              <p className="text-zinc-400">{appliedText(t, state.key, state.bpm)}</p>
            </div>
            <button
              type="button"
              onClick={clear}
              className="h-9 shrink-0 rounded-lg border border-white/15 px-3 text-zinc-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {t('licensing.acapella.clear')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function rangeOf(bpm: number): [number, number] {
  const { min, max } = acapellaRange(bpm);
  return [min, max];
}

function appliedText(t: TFunction, key: string | null, bpm: number | null) {
  const keys =
    key === null
      ? ''
      : compatibleKeys(key)
          .map((k) => keyLabel(t, k))
          .join(', ');
  if (bpm === null && key === null) return t('licensing.acapella.appliedNone');
  if (bpm === null) return t('licensing.acapella.appliedKeyOnly', { keys });
  const [min, max] = rangeOf(bpm);
  const tempo = {
    min,
    max,
    halfMin: Math.ceil(min / 2),
    halfMax: Math.floor(max / 2),
    doubleMin: min * 2,
    doubleMax: max * 2,
  };
  return key === null
    ? t('licensing.acapella.appliedBpmOnly', tempo)
    : t('licensing.acapella.applied', { keys, ...tempo });
}

function MicGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
