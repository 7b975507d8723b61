import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Markdown } from '../Markdown';
import { fieldLabel, StructuredValue } from '../StructuredValue';
import { analyseAudioFile, type AudioFeatures } from '../../lib/audio-features';
import { Dialog } from '../Dialog';
import { TabPanel, Tabs } from '../Tabs';
import {
  analyseAudio,
  analyseMix,
  createMelody,
  generateArrangement,
  generateBeat,
  syncParameters,
  type AudioAnalysis,
  type BeatSettings,
  type Effects,
  type MelodySettings,
  type MixResult,
} from './daw-api';
import {
  ANALYSIS_TYPES,
  BEAT_GENRES,
  DAWS,
  EMOTIONS,
  MIX_GENRES,
  NOTE_KEYS,
  RANGES,
  SCALES,
  SYNC_DEBOUNCE_MS,
  TRACK_TYPES,
  type DawId,
} from './daws';
import { downloadJson, downloadMidi } from './download';
import { DawPicker, fieldClass, labelClass, StatusBadge, type ConnectionStatus } from './parts';
import { formatFixed, formatTimeOfDay } from '../../lib/format';
import { keyLabel, noteLabel } from '../../lib/key-names';

type Section = 'analysis' | 'beats' | 'melody' | 'mixing' | 'arrangement' | 'realtime';
type Busy = 'analysis' | 'beats' | 'melody' | 'mixing' | 'arrangement' | null;

const GENRES = ['electronic', ...BEAT_GENRES] as const;

/** The AI DAW dialog (AI-tools spec §2, §3, §5, §7 `ai-daw-integration`, §8). */
export default function AiDawDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [dawId, setDawId] = useState<DawId>('ableton');
  const [section, setSection] = useState<Section>('analysis');
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const [busy, setBusy] = useState<Busy>(null);

  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [analysisType, setAnalysisType] = useState<string>('full-spectrum');
  const [features, setFeatures] = useState<AudioFeatures | null>(null);
  const [analysis, setAnalysis] = useState<AudioAnalysis | null>(null);

  const [beat, setBeat] = useState<BeatSettings>({
    genre: 'electronic',
    bpm: 128,
    complexity: 5,
    measures: 4,
    swing: 0,
    humanization: 15,
  });
  const [melody, setMelody] = useState<MelodySettings>({
    key: 'C',
    scale: 'major',
    genre: 'electronic',
    emotion: 'energetic',
    bars: 8,
    complexity: 5,
  });
  const [mixing, setMixing] = useState({ trackType: 'vocal', genre: 'electronic', reference: '' });
  const [mixResult, setMixResult] = useState<MixResult | null>(null);
  const [arrangement, setArrangement] = useState<unknown>(null);
  const [lastDone, setLastDone] = useState<string | null>(null);

  const [live, setLive] = useState(false);
  const [effects, setEffects] = useState<Effects>({
    filterCutoff: 1000,
    resonance: 0.5,
    distortion: 0,
    delay: 0.3,
    reverb: 0.25,
  });
  const [lastSync, setLastSync] = useState<Date | null>(null);
  const firstSync = useRef(true);

  const daw = DAWS.find((candidate) => candidate.id === dawId) ?? DAWS[0]!;

  // Realtime sync: while connected, each change of an effect syncs after a 500 ms pause (spec §4, §9).
  useEffect(() => {
    if (!live) {
      firstSync.current = true;
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        syncParameters(dawId, effects, controller.signal).then(
          () => {
            setStatus('connected');
            setLastSync(new Date());
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            console.error('Parameter sync failed', error);
            setStatus('error'); // spec §8: status only, no toast
          },
        );
      },
      firstSync.current ? 0 : SYNC_DEBOUNCE_MS,
    );
    firstSync.current = false;
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [live, effects, dawId]);

  async function run(
    kind: Exclude<Busy, null>,
    work: () => Promise<void>,
    errorTitle: string,
    errorText: string,
  ) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      console.error(`${kind} failed`, error);
      toast.error(errorTitle, { description: errorText });
    } finally {
      setBusy(null);
    }
  }

  function onAnalyse() {
    if (!audioFile) {
      toast.error(t('daw.errors.title'), { description: t('daw.errors.noFile') });
      return;
    }
    void run(
      'analysis',
      async () => {
        setAnalysis(null);
        const measured = await analyseAudioFile(audioFile);
        setFeatures(measured);
        setAnalysis(await analyseAudio(dawId, measured, analysisType));
      },
      t('daw.errors.analysisTitle'),
      t('daw.errors.analysis'),
    );
  }

  const onBeats = () =>
    void run(
      'beats',
      async () => {
        const result = await generateBeat(dawId, beat);
        downloadMidi(result.midiBase64, `5d-beat-${beat.genre}-${beat.bpm}bpm.mid`);
        setLastDone(t('daw.ai.beatsDone', { bpm: beat.bpm }));
      },
      t('daw.errors.generationTitle'),
      t('daw.errors.beats'),
    );

  const onMelody = () =>
    void run(
      'melody',
      async () => {
        const result = await createMelody(dawId, melody);
        downloadMidi(result.midiBase64, `5d-melody-${melody.key.replace('#', 's')}-${melody.scale}.mid`);
        setLastDone(t('daw.ai.melodyDone', { count: melody.bars }));
      },
      t('daw.errors.creationTitle'),
      t('daw.errors.melody'),
    );

  const onMix = () =>
    void run(
      'mixing',
      async () => {
        setMixResult(
          await analyseMix(dawId, { type: mixing.trackType, genre: mixing.genre }, mixing.reference),
        );
      },
      t('daw.errors.mixingTitle'),
      t('daw.errors.mixing'),
    );

  const onArrangement = () =>
    void run(
      'arrangement',
      async () => {
        const result = await generateArrangement(dawId, { genre: beat.genre, length: 4, bpm: beat.bpm });
        setArrangement(result);
        downloadJson(result, `5d-arrangement-${beat.genre}-${beat.bpm}bpm.json`);
      },
      t('daw.errors.arrangementTitle'),
      t('daw.errors.arrangement'),
    );

  const busyOr = (kind: Exclude<Busy, null>, idle: string, working: string) =>
    busy === kind ? working : idle;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('daw.ai.title')}
      description={t('daw.ai.subtitle')}
      closeLabel={t('daw.close')}
    >
      <div className="space-y-5 overflow-y-auto px-5 py-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <DawPicker daws={DAWS} value={dawId} onChange={setDawId} />
          <StatusBadge status={status} />
        </div>
        <p className="text-xs text-zinc-400">
          {t('daw.ai.ports', {
            daw: daw.name,
            ports: Object.entries(daw.ports)
              .map(([kind, port]) => `${kind} ${port}`)
              .join(' · '),
          })}
        </p>

        <Tabs<Section>
          label={t('daw.ai.sectionsLabel')}
          value={section}
          onChange={setSection}
          tabs={(['analysis', 'beats', 'melody', 'mixing', 'arrangement', 'realtime'] as const).map(
            (key) => ({
              key,
              label: t(`daw.ai.sections.${key}`),
            }),
          )}
        />

        {section === 'analysis' && (
          <TabPanel label={t('daw.ai.sections.analysis')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="ai-daw-file" className={labelClass}>
                  {t('daw.ai.audioFile')}
                </label>
                <input
                  id="ai-daw-file"
                  type="file"
                  accept="audio/*"
                  onChange={(event) => {
                    setAudioFile(event.target.files?.[0] ?? null);
                    setFeatures(null);
                    setAnalysis(null);
                  }}
                  className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-violet-600 file:px-3 file:py-2 file:text-white"
                />
              </div>
              <SelectField
                id="ai-daw-analysis-type"
                label={t('daw.ai.analysisType')}
                value={analysisType}
                onChange={setAnalysisType}
                options={ANALYSIS_TYPES}
                optionLabel={(o) => t(`daw.ai.options.analysisType.${o as (typeof ANALYSIS_TYPES)[number]}`)}
              />
            </div>
            <button
              type="button"
              onClick={onAnalyse}
              disabled={!audioFile || busy !== null}
              className={`${primary} mt-5`}
            >
              {busyOr('analysis', t('daw.ai.analyse'), t('daw.ai.busy.analysis'))}
            </button>
            {features && (
              <dl data-testid="audio-features" className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                <Stat
                  label={t('daw.ai.features.duration')}
                  value={`${formatFixed(features.duration, 1)} s`}
                />
                <Stat label={t('daw.ai.features.sampleRate')} value={`${features.sampleRate} Hz`} />
                <Stat label={t('daw.ai.features.rms')} value={`${features.rmsDb} dBFS`} />
                <Stat label={t('daw.ai.features.peak')} value={`${features.peakDb} dBFS`} />
                <Stat label={t('daw.ai.features.centroid')} value={`${features.spectralCentroid} Hz`} />
                <Stat
                  label={t('daw.ai.features.bpm')}
                  value={
                    features.estimatedBpm === null
                      ? '—'
                      : features.tempoClear
                        ? String(features.estimatedBpm)
                        : t('daw.ai.tempoUnclear', { bpm: features.estimatedBpm })
                  }
                />
                <Stat
                  label={t('daw.ai.features.key')}
                  value={
                    features.estimatedKey === null
                      ? '—'
                      : features.keyClear
                        ? features.estimatedKey
                        : t('daw.ai.keyUnclear', { key: features.estimatedKey })
                  }
                />
              </dl>
            )}
            {analysis && (
              <div
                data-testid="audio-analysis"
                className="mt-4 space-y-2 rounded-xl border border-white/10 bg-zinc-950/60 p-4 text-sm"
              >
                <p>
                  <strong>{t('daw.ai.detectedKey')}:</strong>{' '}
                  {analysis.keyClear || analysis.detectedKey === '—'
                    ? keyLabel(t, analysis.detectedKey)
                    : t('daw.ai.keyUnclear', { key: keyLabel(t, analysis.detectedKey) })}{' '}
                  · <strong>{t('daw.ai.detectedBpm')}:</strong>{' '}
                  {analysis.detectedBPM === null
                    ? '—'
                    : analysis.bpmClear
                      ? analysis.detectedBPM
                      : t('daw.ai.tempoUnclear', { bpm: analysis.detectedBPM })}
                </p>
                <Markdown text={String(analysis.aiInsights ?? '')} className="text-zinc-300" />
                {analysis.recommendations.length > 0 && (
                  <ul className="list-disc space-y-1 pl-5 text-zinc-300">
                    {analysis.recommendations.map((recommendation) => (
                      <li key={recommendation}>{recommendation}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </TabPanel>
        )}

        {section === 'beats' && (
          <TabPanel label={t('daw.ai.sections.beats')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="ai-beat-genre"
                label={t('daw.ai.genre')}
                value={beat.genre}
                onChange={(genre) => setBeat({ ...beat, genre })}
                options={GENRES}
                optionLabel={(o) => t(`daw.ai.options.genre.${o as (typeof GENRES)[number]}`)}
              />
              <div>
                <label htmlFor="ai-beat-bpm" className={labelClass}>
                  {t('daw.ai.bpm')}
                </label>
                <input
                  id="ai-beat-bpm"
                  type="number"
                  inputMode="numeric"
                  min={RANGES.beatBpm.min}
                  max={RANGES.beatBpm.max}
                  value={Number.isFinite(beat.bpm) ? beat.bpm : ''}
                  onChange={(event) => setBeat({ ...beat, bpm: event.target.valueAsNumber })}
                  className={fieldClass}
                />
              </div>
              <Slider
                id="ai-beat-complexity"
                label={t('daw.ai.complexity')}
                value={beat.complexity}
                range={RANGES.complexity}
                onChange={(complexity) => setBeat({ ...beat, complexity })}
              />
              <Slider
                id="ai-beat-measures"
                label={t('daw.ai.measures')}
                value={beat.measures}
                range={RANGES.measures}
                onChange={(measures) => setBeat({ ...beat, measures })}
              />
              <Slider
                id="ai-beat-swing"
                label={t('daw.ai.swing')}
                value={beat.swing}
                range={RANGES.swing}
                onChange={(swing) => setBeat({ ...beat, swing })}
                format={(v) => `${v}%`}
              />
              <Slider
                id="ai-beat-humanization"
                label={t('daw.ai.humanization')}
                value={beat.humanization}
                range={RANGES.humanization}
                onChange={(humanization) => setBeat({ ...beat, humanization })}
                format={(v) => `${v}%`}
              />
            </div>
            <button
              type="button"
              onClick={onBeats}
              disabled={busy !== null || !(beat.bpm >= RANGES.beatBpm.min && beat.bpm <= RANGES.beatBpm.max)}
              className={`${primary} mt-5`}
            >
              {busyOr('beats', t('daw.ai.generateBeats'), t('daw.ai.busy.beats'))}
            </button>
            <Done text={lastDone} />
          </TabPanel>
        )}

        {section === 'melody' && (
          <TabPanel label={t('daw.ai.sections.melody')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="ai-melody-key"
                label={t('daw.ai.key')}
                value={melody.key}
                onChange={(key) => setMelody({ ...melody, key })}
                options={NOTE_KEYS}
                optionLabel={(o) => noteLabel(t, NOTE_KEYS.indexOf(o as (typeof NOTE_KEYS)[number]))}
              />
              <SelectField
                id="ai-melody-scale"
                label={t('daw.ai.scale')}
                value={melody.scale}
                onChange={(scale) => setMelody({ ...melody, scale })}
                options={SCALES}
                optionLabel={(o) => t(`daw.ai.options.scale.${o as (typeof SCALES)[number]}`)}
              />
              <SelectField
                id="ai-melody-genre"
                label={t('daw.ai.genre')}
                value={melody.genre}
                onChange={(genre) => setMelody({ ...melody, genre })}
                options={GENRES}
                optionLabel={(o) => t(`daw.ai.options.genre.${o as (typeof GENRES)[number]}`)}
              />
              <SelectField
                id="ai-melody-emotion"
                label={t('daw.ai.emotion')}
                value={melody.emotion}
                onChange={(emotion) => setMelody({ ...melody, emotion })}
                options={EMOTIONS}
                optionLabel={(o) => t(`daw.ai.options.emotion.${o as (typeof EMOTIONS)[number]}`)}
              />
              <Slider
                id="ai-melody-bars"
                label={t('daw.ai.bars')}
                value={melody.bars}
                range={RANGES.bars}
                onChange={(bars) => setMelody({ ...melody, bars })}
              />
              <Slider
                id="ai-melody-complexity"
                label={t('daw.ai.complexity')}
                value={melody.complexity}
                range={RANGES.complexity}
                onChange={(complexity) => setMelody({ ...melody, complexity })}
              />
            </div>
            <button type="button" onClick={onMelody} disabled={busy !== null} className={`${primary} mt-5`}>
              {busyOr('melody', t('daw.ai.createMelody'), t('daw.ai.busy.melody'))}
            </button>
            <Done text={lastDone} />
          </TabPanel>
        )}

        {section === 'mixing' && (
          <TabPanel label={t('daw.ai.sections.mixing')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id="ai-mix-track"
                label={t('daw.ai.trackType')}
                value={mixing.trackType}
                onChange={(trackType) => setMixing({ ...mixing, trackType })}
                options={TRACK_TYPES}
                optionLabel={(o) => t(`daw.ai.options.trackType.${o as (typeof TRACK_TYPES)[number]}`)}
              />
              <SelectField
                id="ai-mix-genre"
                label={t('daw.ai.genre')}
                value={mixing.genre}
                onChange={(genre) => setMixing({ ...mixing, genre })}
                options={MIX_GENRES}
                optionLabel={(o) => t(`daw.ai.options.genre.${o as (typeof MIX_GENRES)[number]}`)}
              />
              <div className="sm:col-span-2">
                <label htmlFor="ai-mix-reference" className={labelClass}>
                  {t('daw.ai.reference')}
                </label>
                <input
                  id="ai-mix-reference"
                  value={mixing.reference}
                  onChange={(event) => setMixing({ ...mixing, reference: event.target.value })}
                  placeholder={t('daw.ai.referenceHint')}
                  className={fieldClass}
                />
              </div>
            </div>
            <button type="button" onClick={onMix} disabled={busy !== null} className={`${primary} mt-5`}>
              {busyOr('mixing', t('daw.ai.analyseMix'), t('daw.ai.busy.mixing'))}
            </button>
            {mixResult && (
              <div
                data-testid="mix-result"
                className="mt-4 space-y-3 rounded-xl border border-white/10 bg-zinc-950/60 p-4 text-sm"
              >
                <Markdown text={String(mixResult.aiAdvice ?? '')} className="text-zinc-200" />
                <dl className="grid gap-2 sm:grid-cols-3">
                  <Stat label={t('daw.ai.highPass')} value={show(mixResult.recommendations.eq?.highPass)} />
                  <Stat
                    label={t('daw.ai.ratio')}
                    value={show(mixResult.recommendations.compression?.ratio)}
                  />
                  <Stat label={t('daw.ai.reverb')} value={show(mixResult.recommendations.effects?.reverb)} />
                </dl>
              </div>
            )}
          </TabPanel>
        )}

        {section === 'arrangement' && (
          <TabPanel label={t('daw.ai.sections.arrangement')}>
            <p className="text-sm text-zinc-300">
              {t('daw.ai.arrangementHint', { genre: beat.genre, bpm: beat.bpm })}
            </p>
            <button
              type="button"
              onClick={onArrangement}
              disabled={busy !== null}
              className={`${primary} mt-5`}
            >
              {busyOr('arrangement', t('daw.ai.generateArrangement'), t('daw.ai.busy.arrangement'))}
            </button>
            {arrangement !== null && (
              <div
                data-testid="arrangement-result"
                className="mt-4 max-h-60 overflow-auto rounded-xl border border-white/10 bg-zinc-950/60 p-3 text-xs text-zinc-300"
              >
                <StructuredValue value={arrangement} />
              </div>
            )}
          </TabPanel>
        )}

        {section === 'realtime' && (
          <TabPanel label={t('daw.ai.sections.realtime')}>
            <label className="flex items-center justify-between gap-3 rounded-xl border border-white/10 px-4 py-3">
              <span className="text-sm font-medium">{t('daw.ai.connect', { daw: daw.name })}</span>
              <input
                type="checkbox"
                role="switch"
                checked={live}
                onChange={(event) => {
                  setLive(event.target.checked);
                  if (!event.target.checked) setStatus('disconnected');
                }}
                className="h-5 w-9 accent-violet-500"
              />
            </label>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Slider
                id="fx-cutoff"
                label={t('daw.ai.fx.filterCutoff')}
                value={effects.filterCutoff}
                range={RANGES.filterCutoff}
                onChange={(filterCutoff) => setEffects({ ...effects, filterCutoff })}
                format={(v) => `${v} Hz`}
              />
              {(['resonance', 'distortion', 'delay', 'reverb'] as const).map((name) => (
                <Slider
                  key={name}
                  id={`fx-${name}`}
                  label={t(`daw.ai.fx.${name}`)}
                  value={effects[name]}
                  range={RANGES.unit}
                  onChange={(value) => setEffects({ ...effects, [name]: value })}
                  format={(v) => formatFixed(v, 2)}
                />
              ))}
            </div>
            {live && lastSync && (
              <p role="status" className="mt-3 text-xs text-emerald-300">
                {t('daw.ai.synced', { time: formatTimeOfDay(lastSync) })}
              </p>
            )}
          </TabPanel>
        )}
      </div>
    </Dialog>
  );
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${fieldLabel(key)}: ${show(item)}`)
      .join(' · ');
  return String(value);
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-white/10 bg-zinc-950/60 px-3 py-2">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="font-medium tabular-nums text-zinc-100">{value}</dd>
    </div>
  );
}

function Done({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="mt-3 text-sm text-emerald-300">
      {text}
    </p>
  ) : null;
}

function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  optionLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  /** Each option as the reader reads it (the values are the API's English words). */
  optionLabel: (option: string) => string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={fieldClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Slider({
  id,
  label,
  value,
  range,
  onChange,
  format = String,
}: {
  id: string;
  label: ReactNode;
  value: number;
  range: { min: number; max: number; step: number };
  onChange: (value: number) => void;
  format?: (value: number) => string;
}) {
  const outputId = useId();
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-medium text-zinc-200">
          {label}
        </label>
        <output id={outputId} htmlFor={id} className="tabular-nums text-zinc-400">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        className="w-full accent-violet-500"
      />
    </div>
  );
}

const primary =
  'inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 font-semibold text-white transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60';
