import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { COMMUNITY_POST_MAX } from '../../../../../shared/site-rules';
import { failureText } from '../../../api/error-text';
import { useAuth } from '../../../auth/session';
import { uploadApi } from '../../../components/chat/chat-api';
import { uploadFile } from '../../../lib/multipart-uploader';
import { usePublishPost } from '../api/community';

const AUDIO_NAME = /\.(mp3|wav|ogg|oga|flac|aac|m4a|aif|aiff|opus|webm)$/i;

/**
 * Post composer: 'Publicar' stays disabled while the text is empty; only audio files may be attached,
 * and an attached file is uploaded (multipart upload API, with progress) before the post is published
 * with its upload id. A visitor sees the same composer and is sent to /auth to publish.
 */
export function Composer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const publish = usePublishPost();
  const navigate = useNavigate();

  function onFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (!file.type.startsWith('audio/') || !AUDIO_NAME.test(file.name)) {
      setAttachment(null);
      setFileError(t('community.composer.audioOnly'));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setAttachment(file);
  }

  function clearAttachment() {
    setAttachment(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  async function upload(file: File): Promise<string | undefined> {
    setUploadPercent(0);
    try {
      const uploaded = await uploadFile(file, {
        purpose: 'community-audio',
        api: uploadApi,
        storage: null,
        onProgress: (progress) => setUploadPercent(Math.round(progress.fraction * 100)),
      });
      return uploaded.uploadId;
    } catch (error) {
      toast.error(
        t('community.composer.uploadError', { message: failureText(error, t('community.composer.error')) }),
      );
      return undefined;
    } finally {
      setUploadPercent(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || uploadPercent !== null) return;
    if (!user) {
      // Posts carry their author: a visitor is sent to sign in first.
      toast.info(t('community.composer.signedOut'));
      void navigate('/auth');
      return;
    }
    const uploadId = attachment ? await upload(attachment) : undefined;
    if (attachment && !uploadId) return;
    publish.mutate(
      { text: text.trim(), ...(uploadId ? { attachment: { uploadId } } : {}) },
      {
        onSuccess: () => {
          setText('');
          clearAttachment();
          toast.success(t('community.composer.success'));
        },
        onError: (error) => toast.error(failureText(error, t('community.composer.error'))),
      },
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4"
    >
      {!user && (
        <p className="mb-3 text-sm text-zinc-300">
          {t('community.composer.signedOut')}{' '}
          <Link to="/auth" className="font-medium text-violet-300 underline">
            {t('community.composer.login')}
          </Link>
        </p>
      )}
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('community.composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={COMMUNITY_POST_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('community.composer.placeholder')}
        rows={3}
        className="w-full resize-y rounded-xl border border-white/10 bg-zinc-950 p-3 text-zinc-100 placeholder:text-zinc-500"
      />
      {attachment && (
        <p className="mt-2 flex items-center gap-2 text-sm text-zinc-300">
          <span>
            <span aria-hidden="true">🎵 </span>
            {t('community.composer.attached', { name: attachment.name })}
          </span>
          <button type="button" onClick={clearAttachment} className="text-violet-300 underline">
            {t('community.composer.remove')}
          </button>
        </p>
      )}
      {fileError && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {fileError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="inline-flex h-10 cursor-pointer items-center rounded-xl border border-white/15 px-4 text-sm text-zinc-200 hover:bg-white/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400">
          {t('community.composer.attach')}
          <input
            ref={fileRef}
            type="file"
            accept="audio/*"
            className="sr-only"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </label>
        <span className="ml-auto text-xs text-zinc-400">
          {t('community.composer.characters', { count: text.length, max: COMMUNITY_POST_MAX })}
        </span>
        <button
          type="submit"
          disabled={!text.trim() || publish.isPending || uploadPercent !== null}
          className="inline-flex h-10 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 text-sm font-semibold text-white transition enabled:hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {uploadPercent !== null
            ? t('community.composer.uploading', { percent: uploadPercent })
            : publish.isPending
              ? t('community.composer.publishing')
              : t('community.composer.publish')}
        </button>
      </div>
    </form>
  );
}
