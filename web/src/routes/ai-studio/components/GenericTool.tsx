import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { runGenericTool, type GenericToolId } from '../../../components/ai-tools/neural-api';
import { useAuth } from '../../../auth/session';
import { Markdown } from '../../../components/Markdown';
import { StructuredValue } from '../../../components/StructuredValue';

/** A generic AI tool (spec §2, §5, §8): an input, a run button disabled while empty, a result area. */
export function GenericTool({ tool }: { tool: GenericToolId }) {
  const { t } = useTranslation();
  const userId = useAuth().user?.id;
  const [input, setInput] = useState('');
  const run = useMutation({
    mutationFn: (prompt: string) => runGenericTool(tool, prompt, userId),
    onError: (error) => {
      console.error(`${tool} failed`, error);
      toast.error(t('aiStudio.generic.errorTitle'), { description: t('aiStudio.generic.errorText') });
    },
  });

  function onRun() {
    if (!input.trim()) {
      toast.error(t('aiStudio.generic.inputRequiredTitle'), {
        description: t('aiStudio.generic.inputRequiredText'),
      });
      return;
    }
    run.mutate(input.trim());
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <label htmlFor={`tool-input-${tool}`} className="block text-sm font-medium text-zinc-200">
          {t(`aiStudio.tools.${tool}.inputLabel`)}
        </label>
        <textarea
          id={`tool-input-${tool}`}
          rows={5}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={t(`aiStudio.tools.${tool}.placeholder`)}
          className="block w-full resize-y rounded-xl border border-white/10 bg-zinc-950 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
        />
        <button
          type="button"
          onClick={onRun}
          disabled={input === '' || run.isPending}
          className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 font-semibold text-white transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {run.isPending ? t('aiStudio.generic.running') : t('aiStudio.generic.run')}
        </button>
      </div>
      <section
        aria-live="polite"
        aria-label={t('aiStudio.generic.result')}
        className="min-h-40 rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
      >
        <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-zinc-400">
          {t('aiStudio.generic.result')}
        </h3>
        {run.isPending && (
          <p role="status" className="animate-pulse text-zinc-300">
            {t('aiStudio.generic.running')}
          </p>
        )}
        {run.isIdle && <p className="text-sm text-zinc-500">{t('aiStudio.generic.empty')}</p>}
        {run.isError && (
          <p role="alert" className="text-sm text-red-200">
            {t('aiStudio.generic.errorTitle')} — {t('aiStudio.generic.errorText')}
          </p>
        )}
        {run.isSuccess && (
          <div className="space-y-3">
            <div data-testid="tool-result" className="text-sm leading-relaxed text-zinc-100">
              {run.data.text !== undefined ? (
                <Markdown text={run.data.text} />
              ) : (
                <StructuredValue value={run.data.data} />
              )}
            </div>
            {run.data.audioUrl && (
              <audio
                controls
                src={run.data.audioUrl}
                className="w-full"
                aria-label={t('aiStudio.generic.audio')}
              />
            )}
          </div>
        )}
      </section>
    </div>
  );
}
