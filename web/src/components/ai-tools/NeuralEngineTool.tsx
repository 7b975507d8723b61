import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '../../auth/session';
import { Markdown } from '../Markdown';
import { CREATIVITY, DEPTH, NEURAL_MODES, runNeuralEngine, type NeuralMode } from './neural-api';
import { formatFixed } from '../../lib/format';

/** Neural Engine V2 (AI-tools spec §2, §4, §5, §8): prompt, mode, creativity, depth, run, result. */
export function NeuralEngineTool({ initialMode = 'creative' }: { initialMode?: NeuralMode }) {
  const { t } = useTranslation();
  const userId = useAuth().user?.id;
  const [prompt, setPrompt] = useState('');
  const [mode, setMode] = useState<NeuralMode>(initialMode);
  const [creativity, setCreativity] = useState<number>(CREATIVITY.default);
  const [depth, setDepth] = useState<number>(DEPTH.default);

  const run = useMutation({
    mutationFn: runNeuralEngine,
    onError: (error) => toast.error(t('aiStudio.neural.errorTitle'), { description: error.message }),
  });

  function onRun() {
    if (!prompt.trim()) {
      toast.error(t('aiStudio.neural.promptRequiredTitle'), {
        description: t('aiStudio.neural.promptRequiredText'),
      });
      return;
    }
    run.mutate({ prompt: prompt.trim(), mode, creativity, depth, userId });
  }

  const meta = run.data?.metadata;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-5">
        <div>
          <label htmlFor="neural-prompt" className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('aiStudio.neural.prompt')}
          </label>
          <textarea
            id="neural-prompt"
            rows={5}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            placeholder={t('aiStudio.neural.promptHint')}
            className="block w-full resize-y rounded-xl border border-white/10 bg-zinc-950 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-200">{t('aiStudio.neural.mode')}</legend>
          <div className="grid grid-cols-2 gap-2 2xl:grid-cols-4">
            {NEURAL_MODES.map((candidate) => (
              <label
                key={candidate}
                className={`cursor-pointer rounded-lg border px-3 py-2 text-center text-sm transition has-focus-visible:outline-2 has-focus-visible:outline-violet-400 ${
                  mode === candidate
                    ? 'border-violet-400 bg-violet-500/20 text-white'
                    : 'border-white/10 text-zinc-300 hover:bg-white/5'
                }`}
              >
                <input
                  type="radio"
                  name="neural-mode"
                  value={candidate}
                  checked={mode === candidate}
                  onChange={() => setMode(candidate)}
                  className="sr-only"
                />
                {t(`aiStudio.neural.modes.${candidate}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <RangeField
          id="neural-creativity"
          label={t('aiStudio.neural.creativity')}
          value={creativity}
          min={CREATIVITY.min}
          max={CREATIVITY.max}
          step={CREATIVITY.step}
          display={formatFixed(creativity, 1)}
          onChange={(value) => setCreativity(Math.round(value * 10) / 10)}
        />
        <RangeField
          id="neural-depth"
          label={t('aiStudio.neural.depth')}
          value={depth}
          min={DEPTH.min}
          max={DEPTH.max}
          step={DEPTH.step}
          display={t('aiStudio.neural.tokens', { count: depth })}
          onChange={setDepth}
        />
        <button
          type="button"
          onClick={onRun}
          disabled={run.isPending}
          className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 font-semibold text-white transition hover:brightness-110 disabled:cursor-wait disabled:opacity-70"
        >
          {run.isPending ? t('aiStudio.neural.running') : t('aiStudio.neural.run')}
        </button>
      </div>

      <section
        aria-labelledby="neural-result-title"
        aria-live="polite"
        className="min-h-48 rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
      >
        <h3
          id="neural-result-title"
          className="mb-3 text-sm font-semibold uppercase tracking-wide text-zinc-400"
        >
          {t('aiStudio.neural.result')}
        </h3>
        {run.isPending && (
          <p role="status" className="animate-pulse text-zinc-300">
            {t('aiStudio.neural.processing')}
          </p>
        )}
        {run.isIdle && <p className="text-sm text-zinc-400">{t('aiStudio.neural.empty')}</p>}
        {run.isError && (
          <div role="alert" data-testid="neural-error" className="space-y-1 text-sm text-red-200">
            <p>{run.error.message}</p>
            <p className="text-red-200/80">{t('aiStudio.neural.retry')}</p>
          </div>
        )}
        {run.isSuccess && (
          <div data-testid="neural-result" className="space-y-4">
            <Markdown text={run.data.answer} className="text-sm leading-relaxed text-zinc-100" />
            <dl data-testid="neural-metadata" className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
              <Meta label={t('aiStudio.neural.meta.model')} value={meta?.model ?? '—'} />
              <Meta
                label={t('aiStudio.neural.meta.tokens')}
                value={meta?.tokens === undefined ? '—' : String(meta.tokens)}
              />
              <Meta
                label={t('aiStudio.neural.meta.mode')}
                value={
                  meta?.mode ? t(`aiStudio.neural.modes.${meta.mode}`, { defaultValue: meta.mode }) : '—'
                }
              />
              <Meta
                label={t('aiStudio.neural.meta.time')}
                value={meta?.processingTime === undefined ? '—' : `${meta.processingTime} ms`}
              />
            </dl>
            {run.data.offline && (
              <p className="inline-flex rounded-full border border-amber-400/40 bg-amber-400/10 px-2 py-0.5 text-xs text-amber-200">
                {t('aiStudio.neural.offline')}
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-white/10 bg-zinc-950/60 px-2.5 py-2">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="truncate font-medium text-zinc-100">{value}</dd>
    </div>
  );
}

function RangeField(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  display: string;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <label htmlFor={props.id} className="font-medium text-zinc-200">
          {props.label}
        </label>
        <output htmlFor={props.id} className="tabular-nums text-zinc-400">
          {props.display}
        </output>
      </div>
      <input
        id={props.id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(event) => props.onChange(event.target.valueAsNumber)}
        className="w-full accent-violet-500"
      />
    </div>
  );
}
