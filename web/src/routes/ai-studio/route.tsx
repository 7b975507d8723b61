import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NeuralEngineTool } from '../../components/ai-tools/NeuralEngineTool';
import { DawActions } from '../../components/ai-tools/StudioActions';
import { ToolIcon } from '../../components/ai-tools/ToolIcon';
import { GenericTool } from './components/GenericTool';
import { ProducerChatDrawer } from './components/ProducerChatDrawer';
import { isToolId, STUDIO_TOOLS, type StudioTool } from './tools';

/**
 * /ai-studio (AI-tools spec §2): hero, six tool cards, a detail view per tool. The open tool is in the URL
 * (`?tool=`), so the shell's one Voltar (history back) returns from a tool to the grid; the page had a
 * second Voltar of its own stacked under it (issue 18).
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const toolId = searchParams.get('tool');
  const [producerOpen, setProducerOpen] = useState(false);
  const selected = isToolId(toolId)
    ? STUDIO_TOOLS.find((tool) => tool.id === toolId && !tool.href)
    : undefined;

  const actions = (
    <div className="flex flex-wrap gap-2">
      <DawActions />
      <button
        type="button"
        onClick={() => setProducerOpen(true)}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-white/15 bg-zinc-900 px-3 text-sm font-medium text-zinc-100 transition hover:bg-zinc-800"
      >
        <ToolIcon name="headphones" size={18} /> {t('aiStudio.actions.producer')}
      </button>
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl">
      {selected ? (
        <section aria-labelledby="tool-title">
          <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1
                id="tool-title"
                className="flex items-center gap-2 text-2xl font-bold text-white sm:text-3xl"
              >
                <ToolIcon name={selected.icon} size={28} className="text-violet-300" />{' '}
                {t(`aiStudio.tools.${selected.id}.title`)}
              </h1>
              <p className="mt-1 text-zinc-400">{t(`aiStudio.tools.${selected.id}.description`)}</p>
            </div>
            {selected.id === 'neural-engine' && actions}
          </div>
          {selected.id === 'neural-engine' ? (
            <NeuralEngineTool />
          ) : (
            <GenericTool
              tool={selected.id as 'vocal-synthesis' | 'creative-assistant' | 'mastering-analyzer'}
            />
          )}
        </section>
      ) : (
        <>
          <header className="relative overflow-hidden rounded-3xl border border-violet-400/20 bg-gradient-to-br from-violet-900/50 via-zinc-900 to-fuchsia-900/30 px-6 py-10 sm:px-10 sm:py-14">
            <p className="inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 text-xs font-semibold text-emerald-200">
              <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-emerald-400" />
              {t('aiStudio.activeCount')}
            </p>
            <h1 className="mt-4 bg-gradient-to-r from-violet-200 via-fuchsia-200 to-cyan-200 bg-clip-text text-4xl font-black tracking-tight text-transparent sm:text-6xl">
              {t('aiStudio.hero')}
            </h1>
            <p className="mt-3 max-w-2xl text-zinc-300">{t('aiStudio.tagline')}</p>
            <div className="mt-6">{actions}</div>
          </header>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('aiStudio.toolsLabel')}>
            {STUDIO_TOOLS.map((tool) => (
              <li key={tool.id}>
                <ToolCard
                  tool={tool}
                  onOpen={() => {
                    setSearchParams({ tool: tool.id });
                    window.scrollTo({ top: 0 });
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ProducerChatDrawer open={producerOpen} onClose={() => setProducerOpen(false)} />
    </div>
  );
}

function ToolCard({ tool, onOpen }: { tool: StudioTool; onOpen: () => void }) {
  const { t } = useTranslation();
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-violet-500/15 text-violet-200">
          <ToolIcon name={tool.icon} size={26} />
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            tool.status === 'active' ? 'bg-emerald-400/15 text-emerald-200' : 'bg-sky-400/15 text-sky-200'
          }`}
        >
          {t(`aiStudio.status.${tool.status}`)}
        </span>
      </div>
      <h2 className="mt-4 text-lg font-semibold text-white">{t(`aiStudio.tools.${tool.id}.title`)}</h2>
      <p className="mt-1 text-sm text-zinc-400">{t(`aiStudio.tools.${tool.id}.description`)}</p>
      <span className="mt-4 inline-block text-sm font-medium text-violet-300">{t('aiStudio.open')} →</span>
    </>
  );
  const card =
    'block h-full rounded-2xl border border-white/10 bg-zinc-900/60 p-5 text-left transition hover:border-violet-400/50 hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-violet-400';
  return tool.href ? (
    <Link to={tool.href} className={card} data-testid={`tool-${tool.id}`}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={`${card} w-full`} data-testid={`tool-${tool.id}`}>
      {body}
    </button>
  );
}
