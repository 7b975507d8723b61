import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../api/QueryProvider';
import '../../app-styles';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { acceptAttribute, checkUpload, UploadErrorCode } from '../../../../shared/uploads';
import { walletQuery } from '../../api/wallet';
import { useAuth } from '../../auth/session';
import { formatCompact } from '../../lib/format';
import { uploadFile } from '../../lib/multipart-uploader';
import { apiErrorText, failureText } from '../../api/error-text';
import { analyseAttachment, askChatbot, formatChatTime, uploadApi, type ChatTurn } from './chat-api';
import { Markdown } from '../Markdown';
import { useVoiceInput, type VoiceFailure } from './useVoiceInput';
import { textRuleMessage } from '../../api/text-rule';
import { SuggestionChips } from './SuggestionChips';

/** Spec §3: id, text, isUser, timestamp (plus how the answer was made). */
interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
  offline?: boolean;
  sources?: string[];
  /** With an "I don't know": the closest topics, offered as questions to send. */
  suggestions?: string[];
}

interface AttachmentProgress {
  name: string;
  phase: 'uploading' | 'analysing';
  percent: number;
}

const SUGGESTIONS = ['trap', 'mixing', 'harmony', 'homeStudio'] as const;

let nextId = 0;
const newId = () => `m${Date.now().toString(36)}-${nextId++}`;

function ChatPanelContent({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: newId(), text: t('chat.greeting'), isUser: false, timestamp: new Date() },
  ]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [attachment, setAttachment] = useState<AttachmentProgress | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Spec §6/§7: the coins chip in the chat header, refetched when the user changes; errors only logged.
  const wallet = useQuery(walletQuery(user?.id ?? null));
  useEffect(() => {
    if (wallet.error) console.error('Error fetching the 5D Coins balance', wallet.error);
  }, [wallet.error]);

  const voice = useVoiceInput(
    (text) => {
      setInput((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text));
      inputRef.current?.focus();
    },
    (failure: VoiceFailure, message?: string) => {
      if (failure === 'unconfigured')
        toast.error(t('chat.errors.voiceUnavailableTitle'), { description: message, duration: 10_000 });
      else if (failure === 'microphone')
        toast.error(t('chat.errors.micTitle'), { description: t('chat.errors.micText') });
      else if (failure === 'no-audio')
        toast.error(t('chat.errors.noAudioTitle'), { description: t('chat.errors.noAudioText') });
      else
        toast.error(t('chat.errors.transcriptionTitle'), { description: t('chat.errors.transcriptionText') });
    },
  );

  useEffect(() => {
    if (open && !busy) inputRef.current?.focus();
  }, [open, busy]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, busy, attachment]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  function append(message: Omit<ChatMessage, 'id' | 'timestamp'>) {
    setMessages((current) => [...current, { ...message, id: newId(), timestamp: new Date() }]);
  }

  async function send(raw: string) {
    const text = raw.trim();
    if (!text || busy) return;
    const turns: ChatTurn[] = [
      ...messages.slice(1).map((m): ChatTurn => ({ role: m.isUser ? 'user' : 'assistant', content: m.text })),
      { role: 'user', content: text },
    ];
    append({ text, isUser: true });
    setInput('');
    setBusy(true);
    try {
      const reply = await askChatbot(turns);
      append({
        text: reply.answer,
        isUser: false,
        offline: reply.offline,
        sources: reply.sources,
        suggestions: reply.suggestions,
      });
    } catch (error) {
      console.error('Chat request failed', error);
      toast.error(t('chat.errors.chatTitle'), {
        description: textRuleMessage(error) ?? t('chat.errors.chatText'),
      });
      append({ text: t('chat.fallbackReply'), isUser: false });
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input);
    }
  }

  async function attach(file: File) {
    if (!user) {
      toast.error(t('chat.errors.fileTitle'), { description: t('chat.errors.notSignedIn') });
      return;
    }
    const problem = checkUpload('chat-attachment', file.name, file.type, file.size);
    if (problem?.code === UploadErrorCode.TooLarge) {
      toast.error(t('chat.errors.tooLargeTitle'), { description: t('chat.errors.tooLargeText') });
      return;
    }
    if (problem) {
      toast.error(t('chat.errors.fileTitle'), {
        description: apiErrorText(problem.code, problem.params) || problem.message,
      });
      return;
    }
    setAttachment({ name: file.name, phase: 'uploading', percent: 0 });
    let uploadId: string;
    try {
      const uploaded = await uploadFile(file, {
        purpose: 'chat-attachment',
        api: uploadApi,
        storage: null,
        onProgress: (progress) =>
          setAttachment({
            name: file.name,
            phase: 'uploading',
            percent: Math.round(progress.fraction * 100),
          }),
      });
      uploadId = uploaded.uploadId;
    } catch (error) {
      setAttachment(null);
      const message = failureText(error, t('chat.errors.fileFallback'));
      toast.error(t('chat.errors.fileTitle'), { description: t('chat.errors.uploadFailed', { message }) });
      return;
    }
    append({ text: t('chat.attachmentSent', { name: file.name }), isUser: true });
    setAttachment({ name: file.name, phase: 'analysing', percent: 100 });
    try {
      const result = await analyseAttachment(uploadId);
      const deleteNotice = result.deleteAt
        ? `\n\n${t('chat.deleteNotice', { time: formatChatTime(new Date(result.deleteAt)) })}`
        : '';
      append({
        text: `${t('chat.analysisTitle', { name: file.name })}\n\n${result.analysis}${deleteNotice}`,
        isUser: false,
      });
    } catch (error) {
      toast.error(t('chat.errors.fileTitle'), {
        description: failureText(error, t('chat.errors.fileFallback')),
      });
    } finally {
      setAttachment(null);
    }
  }

  const recording = voice.state === 'recording';
  const iconButton =
    'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-white/10 text-zinc-200 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <section
      id="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-panel-title"
      hidden={!open}
      data-testid="chat-panel"
      className="fixed inset-x-2 bottom-2 top-16 z-50 flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900 text-zinc-100 shadow-2xl shadow-black/60 sm:inset-auto sm:bottom-24 sm:right-6 sm:h-[600px] sm:max-h-[80vh] sm:w-[420px]"
    >
      <header className="flex items-center justify-between gap-3 border-b border-white/10 bg-gradient-to-r from-violet-600/30 to-fuchsia-600/20 px-4 py-3">
        <div>
          <h2 id="chat-panel-title" className="font-semibold text-white">
            {t('chat.title')}
          </h2>
          <p className="text-xs text-zinc-300">{t('chat.subtitle')}</p>
        </div>
        {user && wallet.data && (
          <span
            data-testid="chat-coins"
            aria-label={t('coins.chip', { balance: formatCompact(wallet.data.wallet.balance) })}
            className="ml-auto rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 text-xs font-medium tabular-nums text-amber-200"
          >
            {formatCompact(wallet.data.wallet.balance)} Coins
          </span>
        )}
        <button type="button" onClick={onClose} aria-label={t('chat.close')} className={iconButton}>
          <svg
            viewBox="0 0 24 24"
            width={18}
            height={18}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </header>

      <ol
        ref={listRef}
        aria-label={t('chat.messagesLabel')}
        aria-live="polite"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-4"
      >
        {messages.map((message) => (
          <li key={message.id} className={`flex ${message.isUser ? 'justify-end' : 'justify-start'}`}>
            <div
              data-testid={message.isUser ? 'chat-user-message' : 'chat-assistant-message'}
              className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm ${
                message.isUser
                  ? 'rounded-br-sm bg-violet-600 text-white'
                  : 'rounded-bl-sm bg-zinc-800 text-zinc-100'
              }`}
            >
              <span className="sr-only">{message.isUser ? t('chat.you') : t('chat.assistant')}: </span>
              {message.isUser ? (
                <p className="whitespace-pre-wrap break-words">{message.text}</p>
              ) : (
                <Markdown text={message.text} className="break-words" />
              )}
              {message.suggestions && (
                <SuggestionChips
                  topics={message.suggestions}
                  disabled={busy}
                  onPick={(topic) => void send(topic)}
                  label={t('chat.suggestionsFromAnswer')}
                  testId="chat-answer-suggestions"
                />
              )}
              <div className="mt-1 flex items-center justify-end gap-2 text-[11px] text-zinc-400">
                {message.offline && (
                  <span
                    data-testid="chat-offline-label"
                    title={t('chat.offlineHint')}
                    className="rounded-full border border-amber-400/40 bg-amber-400/10 px-1.5 py-px font-medium uppercase tracking-wide text-amber-200"
                  >
                    {t('chat.offline')}
                  </span>
                )}
                <time
                  dateTime={message.timestamp.toISOString()}
                  className={message.isUser ? 'text-violet-100/80' : ''}
                >
                  {formatChatTime(message.timestamp)}
                </time>
              </div>
            </div>
          </li>
        ))}
        {busy && (
          <li className="flex justify-start" data-testid="chat-typing">
            <div
              className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-zinc-800 px-4 py-3"
              role="status"
            >
              <span className="sr-only">{t('chat.typing')}</span>
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  aria-hidden="true"
                  className="h-2 w-2 animate-bounce rounded-full bg-zinc-400"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </div>
          </li>
        )}
        {attachment && (
          <li className="flex justify-end" role="status">
            <div className="w-3/4 rounded-2xl bg-zinc-800 px-3.5 py-2.5 text-xs text-zinc-300">
              <p>
                {attachment.phase === 'uploading'
                  ? t('chat.uploading', { name: attachment.name, percent: attachment.percent })
                  : t('chat.analysing', { name: attachment.name })}
              </p>
              <div
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-700"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={attachment.percent}
                aria-label={attachment.name}
              >
                <div
                  className={`h-full bg-violet-500 transition-all ${attachment.phase === 'analysing' ? 'animate-pulse' : ''}`}
                  style={{ width: `${attachment.percent}%` }}
                />
              </div>
            </div>
          </li>
        )}
      </ol>

      <div className="border-t border-white/10 px-3 pt-3">
        <ul aria-label={t('chat.suggestionsLabel')} className="flex gap-2 overflow-x-auto pb-2">
          {SUGGESTIONS.map((key) => (
            <li key={key} className="shrink-0">
              <button
                type="button"
                disabled={busy}
                onClick={() => void send(t(`chat.suggestions.${key}`))}
                className="rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1.5 text-xs text-violet-100 transition hover:bg-violet-500/20 disabled:opacity-50"
              >
                {t(`chat.suggestions.${key}`)}
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={onSubmit} className="flex items-end gap-2 pb-3">
          <input
            ref={fileRef}
            type="file"
            accept={acceptAttribute('chat-attachment')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="chat-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void attach(file);
            }}
          />
          <button
            type="button"
            className={iconButton}
            aria-label={user ? t('chat.attach') : t('chat.attachSignIn')}
            title={user ? t('chat.attach') : t('chat.attachSignIn')}
            disabled={attachment !== null}
            onClick={() => {
              if (!user) {
                toast.error(t('chat.errors.fileTitle'), { description: t('chat.errors.notSignedIn') });
                return;
              }
              fileRef.current?.click();
            }}
          >
            <svg
              viewBox="0 0 24 24"
              width={18}
              height={18}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path
                d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.6 8.6a2 2 0 0 1-2.8-2.8L15 7.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className={`${iconButton} ${recording ? 'border-red-400 bg-red-500/20 text-red-200' : ''}`}
            aria-label={recording ? t('chat.stopRecording') : t('chat.record')}
            aria-pressed={recording}
            disabled={voice.state === 'transcribing'}
            title={
              recording
                ? t('chat.recording')
                : voice.state === 'transcribing'
                  ? t('chat.transcribing')
                  : t('chat.record')
            }
            onClick={() => (recording ? voice.stop() : void voice.start())}
          >
            <svg
              viewBox="0 0 24 24"
              width={18}
              height={18}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <rect x="9" y="3" width="6" height="11" rx="3" />
              <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
            </svg>
          </button>
          <label htmlFor="chat-input" className="sr-only">
            {t('chat.inputLabel')}
          </label>
          <textarea
            id="chat-input"
            ref={inputRef}
            rows={1}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onInputKeyDown}
            disabled={busy}
            placeholder={voice.state === 'transcribing' ? t('chat.transcribing') : t('chat.placeholder')}
            className="max-h-28 min-h-10 flex-1 resize-none rounded-xl border border-white/10 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
          />
          <button
            type="submit"
            aria-label={t('chat.send')}
            disabled={busy || !input.trim()}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-violet-600 text-white transition hover:bg-violet-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <svg
              viewBox="0 0 24 24"
              width={18}
              height={18}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" strokeLinejoin="round" strokeLinecap="round" />
            </svg>
          </button>
        </form>
        {recording && (
          <p role="status" className="-mt-1 pb-2 text-xs text-red-300">
            {t('chat.recording')}
          </p>
        )}
      </div>
    </section>
  );
}

/** Lazily loaded beside the header, outside the pages' query provider: it brings the shared one. */
export default function ChatPanel(props: { open: boolean; onClose: () => void }) {
  return (
    <QueryProvider>
      <ChatPanelContent {...props} />
    </QueryProvider>
  );
}
