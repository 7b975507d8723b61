import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDuration } from '../../../../../shared/marketplace/duration';
import { PRODUCT_GENRES } from '../../../../../shared/schemas/marketplace';
import type { Profile } from '../../../../../shared/schemas/profile';
import { acceptAttribute } from '../../../../../shared/uploads';
import { ApiError } from '../../../api/client';
import { CloseIcon } from '../../../components/icons';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';
import { analyseUpload, type AudioDetection } from '../../marketplace/api/licences';
import { keyLabel, MUSICAL_KEYS } from '../../../lib/key-names';
import { usePublishProject } from '../api/creator';
import { saveMusicalKey } from '../api/licensing';
import { uploadForKey } from '../api/uploads';
import { addTags, isServerDecodedFile, missingRequired, readAudioDuration } from './product-form';
import { textRuleMessage } from '../../../api/text-rule';

const fieldClass =
  'block h-11 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';
const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';

const EMPTY = { title: '', description: '', price: '', genre: 'Trap', bpm: '120', duration: '', key: '' };
type Field = keyof typeof EMPTY;

/** The audio is uploaded as soon as it is chosen, so detection can fill BPM, key and duration. */
interface AudioUpload {
  file: File;
  key: Promise<string>;
  controller: AbortController;
}

type Detection =
  | { status: 'idle' }
  | { status: 'analysing' }
  | { status: 'done'; result: AudioDetection }
  /** Not a WAV and too large to decode in the browser: the creator fills BPM and key in. */
  | { status: 'too-large' }
  | { status: 'failed'; reason?: string };

/** MP3, AAC, FLAC... are decoded in the browser for detection; the bound keeps its memory reasonable. */
const MAX_BROWSER_DECODE_BYTES = 150 * 1024 * 1024;

/**
 * Detection of a non-WAV beat: the browser decodes it (Web Audio, loaded on demand) into the short WAV
 * the detection API reads, as the acapella match does; the duration is the whole file's.
 */
async function detectDecoded(file: File, signal: AbortSignal): Promise<AudioDetection> {
  const { decodeForAnalysis } = await import('../../../lib/analysis-audio');
  const { wav, durationSeconds } = await decodeForAnalysis(file);
  const key = await uploadForKey(
    new File([wav], 'beat-analysis.wav', { type: 'audio/wav' }),
    'stem-split',
    undefined,
    signal,
  );
  return { ...(await analyseUpload(key, signal)), duration_seconds: durationSeconds };
}

/** Product upload: files go through the multipart uploader, then POST /api/projects publishes the product. */
export function ProductUploadForm({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation();
  const id = useId();
  // Key names and detection texts live with the licensing texts.
  const licensingReady = useFeatureTexts(['licensing']);
  const queryClient = useQueryClient();
  const publish = usePublishProject();
  const [fields, setFields] = useState(EMPTY);
  const [detection, setDetection] = useState<Detection>({ status: 'idle' });
  const [audioBytes, setAudioBytes] = useState(0);
  const upload = useRef<AudioUpload | null>(null);
  // Fields the creator typed in win over detection.
  const touched = useRef(new Set<Field>());
  const [tags, setTags] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [coverBytes, setCoverBytes] = useState(0);
  const [uploadsDone, setUploadsDone] = useState(false);
  const audioRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);

  const totalBytes = (audio?.size ?? 0) + (cover?.size ?? 0);
  const percent = uploadsDone
    ? 100
    : Math.min(99, Math.round(((coverBytes + audioBytes) / Math.max(1, totalBytes)) * 100));

  const set = (key: Field) => (value: string) => {
    touched.current.add(key);
    setFields((current) => ({ ...current, [key]: value }));
  };

  useEffect(() => () => upload.current?.controller.abort(), []);

  /** Starts uploading the chosen audio; the key is reused on publish. */
  function startUpload(file: File): AudioUpload {
    upload.current?.controller.abort();
    const controller = new AbortController();
    setAudioBytes(0);
    const key = uploadForKey(
      file,
      'product-audio',
      (progress) => setAudioBytes(progress.uploadedBytes),
      controller.signal,
    );
    key.catch(() => undefined); // handled by detection and by publish
    const started = { file, key, controller };
    upload.current = started;
    return started;
  }

  /** Fills what detection found into the fields the creator has not edited. */
  function applyDetection(result: AudioDetection) {
    setFields((current) => {
      // A field the creator typed into (and did not clear) keeps their value.
      const mine = (field: Field) => touched.current.has(field) && current[field].trim() !== '';
      const next = { ...current };
      if (result.duration_seconds > 0 && !mine('duration'))
        next.duration = formatDuration(result.duration_seconds);
      // A guess (low confidence) is shown in the hint, not typed into the form as a fact.
      if (result.bpm !== null && result.bpm_clear && !mine('bpm')) next.bpm = String(Math.round(result.bpm));
      if (result.key !== null && result.key_clear && MUSICAL_KEYS.includes(result.key) && !mine('key'))
        next.key = result.key;
      return next;
    });
  }

  async function detect(started: AudioUpload) {
    const onServer = isServerDecodedFile(started.file);
    if (!onServer && started.file.size > MAX_BROWSER_DECODE_BYTES) {
      setDetection({ status: 'too-large' });
      return;
    }
    setDetection({ status: 'analysing' });
    try {
      const result = onServer
        ? await analyseUpload(await started.key, started.controller.signal)
        : await detectDecoded(started.file, started.controller.signal);
      if (upload.current !== started) return;
      applyDetection(result);
      setDetection({ status: 'done', result });
    } catch (error) {
      if (upload.current !== started || started.controller.signal.aborted) return;
      console.error('Beat detection failed', error);
      setDetection({ status: 'failed', reason: error instanceof ApiError ? error.message : undefined });
    }
  }

  function commitTags() {
    setTags((current) => addTags(current, tagInput));
    setTagInput('');
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commitTags();
    }
  }

  async function onAudioChange(file: File | null) {
    setAudio(file);
    // What the previous file's detection filled goes; what the creator typed stays.
    const keep = touched.current;
    setFields((current) => ({
      ...current,
      duration: keep.has('duration') ? current.duration : '',
      bpm: keep.has('bpm') ? current.bpm : EMPTY.bpm,
      key: keep.has('key') ? current.key : EMPTY.key,
    }));
    if (!file) {
      upload.current?.controller.abort();
      upload.current = null;
      setDetection({ status: 'idle' });
      return;
    }
    void detect(startUpload(file));
    if (!keep.has('duration')) {
      const detected = await readAudioDuration(file);
      if (detected && upload.current?.file === file)
        setFields((current) =>
          current.duration.trim() === '' ? { ...current, duration: detected } : current,
        );
    }
  }

  function reset() {
    upload.current = null;
    touched.current.clear();
    setDetection({ status: 'idle' });
    setAudioBytes(0);
    setFields(EMPTY);
    setTags([]);
    setTagInput('');
    setAudio(null);
    setCover(null);
    setCoverBytes(0);
    setUploadsDone(false);
    if (audioRef.current) audioRef.current.value = '';
    if (coverRef.current) coverRef.current.value = '';
  }

  async function onSubmit() {
    if (!profile) {
      toast.error(t('dashboardHub.upload.needLogin'));
      return;
    }
    if (missingRequired({ ...fields, hasAudio: audio !== null }) || !audio) {
      toast.error(t('dashboardHub.upload.requiredTitle'), { description: t('dashboardHub.upload.required') });
      return;
    }
    const allTags = addTags(tags, tagInput);
    setBusy(true);
    setCoverBytes(0);
    setUploadsDone(false);
    try {
      const coverKey = cover
        ? await uploadForKey(cover, 'product-cover', (progress) => setCoverBytes(progress.uploadedBytes))
        : undefined;
      // The upload started when the file was chosen; a failed one is sent again.
      const started = upload.current?.file === audio ? upload.current.key : undefined;
      const audioKey = (await started?.catch(() => undefined)) ?? (await startUpload(audio).key);
      setUploadsDone(true);
      const project = await publish.mutateAsync({
        title: fields.title.trim(),
        description: fields.description.trim(),
        price: Math.round(Number(fields.price) * 100) / 100,
        genre: fields.genre as (typeof PRODUCT_GENRES)[number],
        bpm: Number(fields.bpm),
        duration: fields.duration.trim(),
        tags: allTags,
        audioKey,
        ...(coverKey ? { coverKey } : {}),
      });
      if (fields.key) {
        try {
          await saveMusicalKey(project.id, fields.key);
          await queryClient.invalidateQueries({ queryKey: ['projects'] });
        } catch (error) {
          toast.warning(t('licensing.detect.keyNotSaved'), {
            description: error instanceof ApiError ? error.message : undefined,
          });
        }
      }
      toast.success(t('dashboardHub.upload.successTitle'), { description: t('dashboardHub.upload.success') });
      reset();
    } catch (error) {
      console.error('Product publish failed', error);
      toast.error(t('dashboardHub.upload.errorTitle'), {
        description: textRuleMessage(error) ?? t('dashboardHub.upload.error'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      className="rounded-2xl border border-white/10 bg-zinc-900/60 p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        {t('dashboardHub.upload.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{t('dashboardHub.upload.description')}</p>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t('dashboardHub.upload.fieldTitle')} *
          </label>
          <input
            id={`${id}-name`}
            className={fieldClass}
            value={fields.title}
            maxLength={120}
            required
            onChange={(event) => set('title')(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-description`} className={labelClass}>
            {t('dashboardHub.upload.fieldDescription')} *
          </label>
          <textarea
            id={`${id}-description`}
            rows={3}
            maxLength={2000}
            required
            value={fields.description}
            onChange={(event) => set('description')(event.target.value)}
            className={`${fieldClass} h-auto py-2`}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-audio`} className={labelClass}>
            {t('dashboardHub.upload.fieldAudio')} *
          </label>
          <input
            id={`${id}-audio`}
            ref={audioRef}
            type="file"
            required
            accept={acceptAttribute('product-audio')}
            aria-describedby={`${id}-detect`}
            onChange={(event) => void onAudioChange(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-white"
          />
          <div id={`${id}-detect`} aria-live="polite">
            {licensingReady && <DetectionHint detection={detection} />}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-price`} className={labelClass}>
            {t('dashboardHub.upload.fieldPrice')} *
          </label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            required
            className={fieldClass}
            value={fields.price}
            onChange={(event) => set('price')(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-genre`} className={labelClass}>
            {t('dashboardHub.upload.fieldGenre')}
          </label>
          <select
            id={`${id}-genre`}
            className={fieldClass}
            value={fields.genre}
            onChange={(event) => set('genre')(event.target.value)}
          >
            {PRODUCT_GENRES.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-bpm`} className={labelClass}>
            {t('dashboardHub.upload.fieldBpm')}
          </label>
          <input
            id={`${id}-bpm`}
            type="number"
            inputMode="numeric"
            min={20}
            max={300}
            step={1}
            className={fieldClass}
            value={fields.bpm}
            onChange={(event) => set('bpm')(event.target.value)}
          />
        </div>
        {licensingReady && (
          <div>
            <label htmlFor={`${id}-key`} className={labelClass}>
              {t('licensing.detect.key')}
            </label>
            <select
              id={`${id}-key`}
              className={fieldClass}
              value={fields.key}
              onChange={(event) => set('key')(event.target.value)}
            >
              <option value="">{t('licensing.detect.noKey')}</option>
              {MUSICAL_KEYS.map((key) => (
                <option key={key} value={key}>
                  {keyLabel(t, key)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-duration`} className={labelClass}>
            {t('dashboardHub.upload.fieldDuration')}
          </label>
          <input
            id={`${id}-duration`}
            className={fieldClass}
            placeholder="3:00"
            value={fields.duration}
            onChange={(event) => set('duration')(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-tags`} className={labelClass}>
            {t('dashboardHub.upload.fieldTags')}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-tags`}
              className={fieldClass}
              value={tagInput}
              aria-describedby={`${id}-tags-hint`}
              onChange={(event) => setTagInput(event.target.value)}
              onKeyDown={onTagKey}
            />
            <button
              type="button"
              onClick={commitTags}
              className="h-11 shrink-0 rounded-lg border border-white/15 px-4 text-sm text-zinc-100 hover:bg-white/5"
            >
              {t('dashboardHub.upload.addTag')}
            </button>
          </div>
          <p id={`${id}-tags-hint`} className="mt-1.5 text-xs text-zinc-400">
            {t('dashboardHub.upload.tagsHint')}
          </p>
          {tags.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('dashboardHub.upload.fieldTags')}>
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="inline-flex items-center gap-1 rounded-full bg-violet-600/30 py-1 pl-3 pr-1 text-sm text-violet-100"
                >
                  {tag}
                  <button
                    type="button"
                    aria-label={t('dashboardHub.upload.removeTag', { tag })}
                    onClick={() => setTags((current) => current.filter((entry) => entry !== tag))}
                    className="rounded-full p-1 hover:bg-white/10"
                  >
                    <CloseIcon width={12} height={12} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-cover`} className={labelClass}>
            {t('dashboardHub.upload.fieldCover')}
          </label>
          <input
            id={`${id}-cover`}
            ref={coverRef}
            type="file"
            accept={acceptAttribute('product-cover')}
            onChange={(event) => setCover(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-white"
          />
        </div>
      </div>

      {busy && (
        <div className="mt-5">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('dashboardHub.upload.progress', { percent })}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div className="h-full bg-violet-500 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-zinc-400" aria-live="polite">
            {t('dashboardHub.upload.progress', { percent })}
          </p>
        </div>
      )}

      <button
        type="submit"
        // The creator confirms detected values, so publishing waits for detection (a few seconds).
        disabled={busy || detection.status === 'analysing'}
        className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 font-semibold text-white hover:brightness-110 disabled:cursor-wait disabled:opacity-70 sm:w-auto sm:px-8"
      >
        {busy ? t('dashboardHub.upload.busy') : t('dashboardHub.upload.submit')}
      </button>
    </form>
  );
}

/** Under the audio field: detection in progress, what was detected (to confirm), or why it was not. */
function DetectionHint({ detection }: { detection: Detection }) {
  const { t } = useTranslation();
  const base = 'mt-2 flex items-start gap-2 rounded-lg px-3 py-2 text-sm';
  let body: ReactNode = null;
  if (detection.status === 'analysing')
    body = (
      <p className={`${base} bg-white/5 text-zinc-300`}>
        <span
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-violet-400 border-t-transparent"
        />
        {t('licensing.detect.analysing')}
      </p>
    );
  else if (detection.status === 'done') {
    const { result } = detection;
    const parts = [
      ...(result.duration_seconds > 0 ? [formatDuration(result.duration_seconds)] : []),
      ...(result.bpm === null
        ? []
        : result.bpm_clear
          ? [t('licensing.detect.bpm', { bpm: Math.round(result.bpm) })]
          : [t('licensing.detect.tempoUnclear', { bpm: Math.round(result.bpm) })]),
      ...(result.key === null
        ? []
        : result.key_clear
          ? [keyLabel(t, result.key)]
          : [t('licensing.detect.keyUnclear', { key: keyLabel(t, result.key) })]),
    ];
    body =
      result.bpm === null && result.key === null ? (
        <p className={`${base} bg-amber-500/10 text-amber-200`}>{t('licensing.detect.nothing')}</p>
      ) : (
        <p data-testid="detected-hint" className={`${base} bg-violet-500/15 text-violet-100`}>
          {t('licensing.detect.detected', { summary: parts.join(' · ') })}
        </p>
      );
  } else if (detection.status === 'too-large')
    body = <p className={`${base} bg-white/5 text-zinc-400`}>{t('licensing.detect.wavOnly')}</p>;
  else if (detection.status === 'failed')
    body = (
      <p className={`${base} bg-amber-500/10 text-amber-200`}>
        {detection.reason
          ? t('licensing.detect.failed', { reason: detection.reason })
          : t('licensing.detect.failedGeneric')}
      </p>
    );
  return body;
}
