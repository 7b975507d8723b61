import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PRODUCT_GENRES } from '../../../../../shared/schemas/marketplace';
import type { Profile } from '../../../../../shared/schemas/profile';
import { acceptAttribute } from '../../../../../shared/uploads';
import { CloseIcon } from '../../../components/icons';
import { usePublishProject } from '../api/creator';
import { uploadForKey } from '../api/uploads';
import { addTags, missingRequired, readAudioDuration } from './product-form';

const fieldClass =
  'block h-11 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';
const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';

const EMPTY = { title: '', description: '', price: '', genre: 'Trap', bpm: '120', duration: '' };

/** Product upload: files go through the multipart uploader, then POST /api/projects publishes the product. */
export function ProductUploadForm({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation();
  const id = useId();
  const publish = usePublishProject();
  const [fields, setFields] = useState(EMPTY);
  const [tags, setTags] = useState<string[]>([]);
  const [tagInput, setTagInput] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const audioRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);

  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

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
    if (file && fields.duration.trim() === '') {
      const detected = await readAudioDuration(file);
      if (detected)
        setFields((current) =>
          current.duration.trim() === '' ? { ...current, duration: detected } : current,
        );
    }
  }

  function reset() {
    setFields(EMPTY);
    setTags([]);
    setTagInput('');
    setAudio(null);
    setCover(null);
    setPercent(0);
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
    setPercent(0);
    try {
      const total = audio.size + (cover?.size ?? 0);
      let coverDone = 0;
      const coverKey = cover
        ? await uploadForKey(cover, 'product-cover', (progress) => {
            coverDone = progress.uploadedBytes;
            setPercent(Math.round((coverDone / Math.max(1, total)) * 100));
          })
        : undefined;
      const audioKey = await uploadForKey(audio, 'product-audio', (progress) =>
        setPercent(Math.round(((coverDone + progress.uploadedBytes) / Math.max(1, total)) * 100)),
      );
      setPercent(100);
      await publish.mutateAsync({
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
      toast.success(t('dashboardHub.upload.successTitle'), { description: t('dashboardHub.upload.success') });
      reset();
    } catch (error) {
      console.error('Product publish failed', error);
      toast.error(t('dashboardHub.upload.errorTitle'), { description: t('dashboardHub.upload.error') });
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
        <div>
          <label htmlFor={`${id}-audio`} className={labelClass}>
            {t('dashboardHub.upload.fieldAudio')} *
          </label>
          <input
            id={`${id}-audio`}
            ref={audioRef}
            type="file"
            required
            accept={acceptAttribute('product-audio')}
            onChange={(event) => void onAudioChange(event.target.files?.[0] ?? null)}
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
        disabled={busy}
        className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 font-semibold text-white hover:brightness-110 disabled:cursor-wait disabled:opacity-70 sm:w-auto sm:px-8"
      >
        {busy ? t('dashboardHub.upload.busy') : t('dashboardHub.upload.submit')}
      </button>
    </form>
  );
}
