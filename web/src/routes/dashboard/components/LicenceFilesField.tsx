import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText, failureText } from '../../../api/error-text';
import { MAX_STEMS } from '../../../../../shared/licensing/tiers';
import { acceptAttribute, checkUpload, fileExtension } from '../../../../../shared/uploads';
import { uploadForKey } from '../api/uploads';

/** A stored key as the creator named the file: 'stems/<sub>/<upload>/Kick.wav' → 'Kick.wav'. */
export function licenceFileName(key: string): string {
  const name = key.split('/').pop() ?? key;
  // Product audio keys carry a timestamp before the name (`audio/<sub>/<ms>_<name>`).
  return key.startsWith('audio/') ? name.replace(/^\d+_/, '') : name;
}

export interface LicenceFiles {
  wav_key: string | null;
  stems_keys: string[];
}

interface LicenceFilesFieldProps {
  files: LicenceFiles;
  aiStems: boolean;
  onChange: (files: LicenceFiles) => void;
  /** True while a file is uploading: saving then would store the keys of the files before it. */
  onBusyChange: (busy: boolean) => void;
}

type Slot = 'master' | 'stems';

/**
 * The beat's licence files (issue 8): the WAV master and the multitrack stems (several WAVs or one ZIP),
 * sent through the multipart uploader with a progress bar; their keys are saved with the tiers.
 */
export function LicenceFilesField({ files, aiStems, onChange, onBusyChange }: LicenceFilesFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState<{ slot: Slot; percent: number } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const masterRef = useRef<HTMLInputElement>(null);
  const stemsRef = useRef<HTMLInputElement>(null);
  // The latest files, for an upload that finishes after other changes.
  const latest = useRef(files);
  latest.current = files;

  useEffect(() => () => controller.current?.abort(), []);

  async function upload(slot: Slot, chosen: File[]) {
    if (chosen.length === 0) return;
    const purpose = slot === 'master' ? 'licence-master' : 'licence-stems';
    const problem = chosen
      .map((file) => checkUpload(purpose, file.name, file.type, file.size))
      .find((found) => found !== undefined);
    if (problem) {
      toast.error(
        problem.code === 'PAYLOAD_TOO_LARGE'
          ? apiErrorText(problem.code, problem.params) || problem.message
          : t(slot === 'master' ? 'licensing.hub.files.notWav' : 'licensing.hub.files.notStems'),
      );
      return;
    }
    const zips = chosen.filter((file) => fileExtension(file.name) === 'zip');
    const kept = latest.current.stems_keys.filter((key) => fileExtension(key) !== 'zip');
    if (slot === 'stems' && zips.length > 0 && chosen.length > 1) {
      toast.error(t('licensing.hub.files.zipAlone'));
      return;
    }
    // WAV stems add to those attached; a ZIP replaces them all.
    if (slot === 'stems' && zips.length === 0 && kept.length + chosen.length > MAX_STEMS) {
      toast.error(t('licensing.hub.files.tooManyStems', { max: MAX_STEMS }));
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const total = chosen.reduce((sum, file) => sum + file.size, 0);
    let done = 0;
    setProgress({ slot, percent: 0 });
    onBusyChange(true);
    try {
      const keys: string[] = [];
      for (const file of chosen) {
        keys.push(
          await uploadForKey(
            file,
            purpose,
            (p) =>
              setProgress({
                slot,
                percent: Math.round(((done + p.uploadedBytes) / Math.max(1, total)) * 100),
              }),
            abort.signal,
          ),
        );
        done += file.size;
      }
      const current = latest.current;
      onChange(
        slot === 'master'
          ? { ...current, wav_key: keys[0]! }
          : {
              ...current,
              stems_keys:
                zips.length > 0
                  ? keys
                  : [...current.stems_keys.filter((k) => fileExtension(k) !== 'zip'), ...keys],
            },
      );
      toast.success(t('licensing.hub.files.uploaded'));
    } catch (error) {
      if (abort.signal.aborted) return;
      toast.error(t('licensing.hub.files.uploadError'), {
        description: failureText(error, t('licensing.hub.files.uploadError')),
      });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setProgress(null);
        onBusyChange(false);
      }
      const input = slot === 'master' ? masterRef.current : stemsRef.current;
      if (input) input.value = '';
    }
  }

  const fileInput =
    'mt-1 block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-white disabled:opacity-60';
  const removeButton = 'text-xs text-violet-300 underline';

  const bar = (slot: Slot) =>
    progress?.slot === slot && (
      <div className="mt-2">
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-label={t('licensing.hub.files.progress', { percent: progress.percent })}
          className="h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div className="h-full bg-violet-500 transition-all" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="mt-1 text-xs text-zinc-400" aria-live="polite">
          {t('licensing.hub.files.progress', { percent: progress.percent })}
        </p>
      </div>
    );

  return (
    <fieldset className="space-y-4 rounded-lg border border-white/10 p-3">
      <legend className="px-1 text-sm font-medium text-white">{t('licensing.hub.files.title')}</legend>
      <div>
        <label htmlFor={`${id}-master`} className="block text-sm text-zinc-300">
          {t('licensing.hub.files.master')}
        </label>
        <input
          id={`${id}-master`}
          ref={masterRef}
          type="file"
          accept={acceptAttribute('licence-master')}
          disabled={progress !== null}
          className={fileInput}
          onChange={(e) => void upload('master', Array.from(e.target.files ?? []))}
        />
        {bar('master')}
        {files.wav_key ? (
          <p
            className="mt-2 flex flex-wrap items-center gap-2 text-sm text-zinc-200"
            data-testid="licence-master"
          >
            {licenceFileName(files.wav_key)}
            <button
              type="button"
              className={removeButton}
              onClick={() => onChange({ ...files, wav_key: null })}
            >
              {t('licensing.hub.files.remove')}
              <span className="sr-only"> {licenceFileName(files.wav_key)}</span>
            </button>
          </p>
        ) : (
          <p className="mt-2 text-xs text-zinc-500">{t('licensing.hub.files.noMaster')}</p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-stems`} className="block text-sm text-zinc-300">
          {t('licensing.hub.files.stems')}
        </label>
        <input
          id={`${id}-stems`}
          ref={stemsRef}
          type="file"
          multiple
          accept={acceptAttribute('licence-stems')}
          disabled={progress !== null}
          aria-describedby={`${id}-stems-hint`}
          className={fileInput}
          onChange={(e) => void upload('stems', Array.from(e.target.files ?? []))}
        />
        <p id={`${id}-stems-hint`} className="mt-1 text-xs text-zinc-500">
          {t('licensing.hub.files.stemsHint', { max: MAX_STEMS })}
        </p>
        {bar('stems')}
        {files.stems_keys.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm text-zinc-200" data-testid="licence-stems">
            {files.stems_keys.map((key) => (
              <li key={key} className="flex flex-wrap items-center gap-2">
                {licenceFileName(key)}
                <button
                  type="button"
                  className={removeButton}
                  onClick={() =>
                    onChange({ ...files, stems_keys: files.stems_keys.filter((k) => k !== key) })
                  }
                >
                  {t('licensing.hub.files.remove')}
                  <span className="sr-only"> {licenceFileName(key)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-xs text-zinc-500">
            {aiStems ? t('licensing.hub.files.aiStemsOn') : t('licensing.hub.files.noStems')}
          </p>
        )}
      </div>
    </fieldset>
  );
}
