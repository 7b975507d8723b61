import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { textIn } from '../../../../shared/translated-text';
import { useAuth } from '../../auth/session';
import { errorMessage } from '../../components/form';
import { PageLoading } from '../../components/PageLoading';
import { useCompetitions } from '../competitions/api/competitions';
import {
  useCompetitionTracks,
  useEnterCompetition,
  useMyCompetitionEntries,
} from '../competitions/api/entries';
import { ErrorState, LoadingList } from '../competitions/components/States';
import { TrackChoice } from './TrackChoice';

const backLink =
  'inline-flex h-11 items-center justify-center rounded-xl border border-white/15 px-6 font-semibold text-zinc-100 transition hover:bg-white/10';

function Panel({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 rounded-2xl border border-white/10 bg-zinc-900/60 p-5 sm:p-6">{children}</div>;
}

/**
 * After the contract's 'Concordo e continuar' (issue 18): the signed-in user picks one of their published
 * tracks and enters it. Signed out, they are sent to sign in and come back here.
 */
function EnterCompetitionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { loading, user } = useAuth();
  const competitionId = useSearchParams()[0].get('competition') ?? '';

  useEffect(() => {
    if (loading || user) return;
    // One toast, however often the effect runs (React's development double run, a re-render).
    toast.info(t('competitions.enter.signInFirst'), { id: 'competition-enter-sign-in' });
    void navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [loading, user, navigate, location.pathname, location.search, t]);

  if (loading || !user) return <PageLoading />;
  return <EnterForm userId={user.id} competitionId={competitionId} />;
}

function EnterForm({ userId, competitionId }: { userId: string; competitionId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const competitions = useCompetitions('active');
  const mine = useMyCompetitionEntries(userId);
  const tracks = useCompetitionTracks(userId);
  const enter = useEnterCompetition(userId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);

  const header = (title?: string) => (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('competitions.enter.title')}</h1>
      {title && <p className="mt-2 text-zinc-400">{t('competitions.enter.intro', { competition: title })}</p>}
    </>
  );
  const back = (
    <Link to="/competitions" className={backLink}>
      {t('competitions.enter.back')}
    </Link>
  );

  if (competitions.isPending || mine.isPending || tracks.isPending)
    return (
      <div className="mx-auto max-w-3xl">
        {header()}
        <div className="mt-6">
          <LoadingList />
        </div>
      </div>
    );
  if (competitions.isError || mine.isError || tracks.isError) {
    const failed = [competitions, mine, tracks].find((query) => query.isError)?.error;
    return (
      <div className="mx-auto max-w-3xl">
        {header()}
        <div className="mt-6">
          <ErrorState
            message={errorMessage(failed, t('competitions.enter.loadError'))}
            onRetry={() => void Promise.all([competitions.refetch(), mine.refetch(), tracks.refetch()])}
          />
        </div>
      </div>
    );
  }

  const card = competitions.data.items.find((item) => item.id === competitionId);
  if (!card)
    return (
      <div className="mx-auto max-w-3xl">
        {header()}
        <Panel>
          <p role="alert" className="text-zinc-200">
            {t('competitions.enter.notFound')}
          </p>
          <div className="mt-5">{back}</div>
        </Panel>
      </div>
    );
  const title = textIn(card, ['title'], i18n.resolvedLanguage ?? i18n.language).title;
  const entered = mine.data.items.find((entry) => entry.competition_id === card.id);
  if (entered)
    return (
      <div className="mx-auto max-w-3xl">
        {header(title)}
        <Panel>
          <p className="text-emerald-200">
            {t('competitions.enter.alreadyEntered', { title: entered.title })}
          </p>
          <div className="mt-5">{back}</div>
        </Panel>
      </div>
    );

  if (tracks.data.items.length === 0) {
    const creator = profile?.role === 'creator';
    return (
      <div className="mx-auto max-w-3xl">
        {header(title)}
        <Panel>
          <p className="font-medium text-white">{t('competitions.enter.noTracks')}</p>
          <p className="mt-1 text-sm text-zinc-400">
            {t(creator ? 'competitions.enter.noTracksCreator' : 'competitions.enter.noTracksClient')}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link
              to={creator ? '/dashboard' : '/become-creator'}
              className="inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white transition hover:brightness-110"
            >
              {t(creator ? 'competitions.enter.publishLink' : 'competitions.enter.becomeCreatorLink')}
            </Link>
            {back}
          </div>
        </Panel>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setMissingChoice(true);
      // Keyboard and screen-reader users land on the choice the message asks for.
      document.querySelector<HTMLInputElement>('input[name="track"]')?.focus();
      return;
    }
    enter.mutate(
      { competition_id: card!.id, project_id: chosen },
      {
        onSuccess: (answer) => {
          toast.success(t('competitions.enter.success', { title: answer.entry.title, competition: title }));
          void navigate('/competitions');
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {header(title)}
      <form onSubmit={submit} noValidate className="mt-6">
        <TrackChoice
          tracks={tracks.data.items}
          chosen={chosen}
          onChoose={(id) => {
            setChosen(id);
            setMissingChoice(false);
          }}
          errorId={missingChoice ? 'track-choice-error' : undefined}
        />
        {missingChoice && (
          <p id="track-choice-error" role="alert" className="mt-3 text-sm text-red-300">
            {t('competitions.enter.chooseTrack')}
          </p>
        )}
        {enter.isError && (
          <p
            role="alert"
            className="mt-3 rounded-xl border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200"
          >
            {errorMessage(enter.error, t('competitions.enter.error'))}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row">
          {back}
          <button
            type="submit"
            disabled={enter.isPending}
            aria-busy={enter.isPending}
            className="inline-flex h-11 items-center justify-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white transition hover:brightness-110 disabled:cursor-wait disabled:opacity-70"
          >
            {enter.isPending ? t('competitions.enter.submitting') : t('competitions.enter.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}

export { EnterCompetitionPage as Component };
