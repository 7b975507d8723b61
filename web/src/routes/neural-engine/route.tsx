import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NeuralEngineTool } from '../../components/ai-tools/NeuralEngineTool';
import { DawActions } from '../../components/ai-tools/StudioActions';

/** /neural-engine (AI-tools spec §2): the Neural Engine V2 tool on its own page, with a sidebar. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      {/* The tool comes first on a phone; from lg the sidebar sits in the first column. */}
      <section aria-labelledby="neural-page-title">
        <h1 id="neural-page-title" className="text-2xl font-bold text-white sm:text-3xl">
          {t('aiStudio.tools.neural-engine.title')}
        </h1>
        <p className="mb-6 mt-1 text-zinc-400">{t('aiStudio.tools.neural-engine.description')}</p>
        <NeuralEngineTool />
      </section>
      <aside
        aria-label={t('aiStudio.neuralPage.sidebar')}
        className="space-y-5 rounded-2xl lg:order-first border border-white/10 bg-zinc-900/60 p-5 lg:sticky lg:top-20 lg:self-start"
      >
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-violet-300">
            {t('aiStudio.hero')}
          </p>
          <p className="mt-1 text-lg font-bold text-white">{t('aiStudio.tools.neural-engine.title')}</p>
          <p className="mt-2 inline-flex rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-semibold text-emerald-200">
            {t('aiStudio.status.active')}
          </p>
        </div>
        <ul className="space-y-2 text-sm text-zinc-300">
          {(['creative', 'analytical', 'educational', 'production'] as const).map((mode) => (
            <li key={mode}>
              <strong className="text-zinc-100">{t(`aiStudio.neural.modes.${mode}`)}</strong> —{' '}
              {t(`aiStudio.neuralPage.modeHints.${mode}`)}
            </li>
          ))}
        </ul>
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-zinc-400">
            {t('aiStudio.neuralPage.daw')}
          </p>
          <DawActions className="flex-col" />
        </div>
        <Link
          to="/ai-studio"
          className="inline-block text-sm font-medium text-violet-300 hover:text-violet-200"
        >
          ← {t('aiStudio.neuralPage.allTools')}
        </Link>
      </aside>
    </div>
  );
}
