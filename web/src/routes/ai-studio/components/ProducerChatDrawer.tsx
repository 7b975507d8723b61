import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';

/** Spec §2, §9: the AI producer chat drawer is local only; sending shows a typing indicator for 2 s. */
export const PRODUCER_TYPING_MS = 2000;
const QUICK = ['beat', 'mix', 'chords', 'release'] as const;

export function ProducerChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function send(text: string) {
    const clean = text.trim();
    if (!clean) return;
    setSent((current) => [...current, clean]);
    setInput('');
    setTyping(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(false), PRODUCER_TYPING_MS);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(input);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('aiStudio.producer.title')}
      description={t('aiStudio.producer.subtitle')}
      closeLabel={t('aiStudio.producer.close')}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 px-5 py-4">
        <ul aria-label={t('aiStudio.producer.quickLabel')} className="flex flex-wrap gap-2">
          {QUICK.map((key) => (
            <li key={key}>
              <button
                type="button"
                onClick={() => send(t(`aiStudio.producer.quick.${key}`))}
                className="rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1.5 text-xs text-violet-100 hover:bg-violet-500/20"
              >
                {t(`aiStudio.producer.quick.${key}`)}
              </button>
            </li>
          ))}
        </ul>
        <ol className="min-h-[50dvh] flex-1 space-y-2 overflow-y-auto" aria-live="polite">
          {sent.map((text, index) => (
            <li
              key={index}
              className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-violet-600 px-3 py-2 text-sm text-white"
            >
              {text}
            </li>
          ))}
          {typing && (
            <li
              role="status"
              data-testid="producer-typing"
              className="w-fit rounded-2xl bg-zinc-800 px-3 py-2 text-sm text-zinc-300"
            >
              {t('aiStudio.producer.typing')}
            </li>
          )}
        </ol>
        <form onSubmit={onSubmit} className="flex gap-2">
          <label htmlFor="producer-input" className="sr-only">
            {t('aiStudio.producer.inputLabel')}
          </label>
          <input
            id="producer-input"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder={t('aiStudio.producer.placeholder')}
            className="h-11 flex-1 rounded-lg border border-white/10 bg-zinc-950 px-3 text-zinc-100 focus:border-violet-400 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!input.trim()}
            className="h-11 rounded-lg bg-violet-600 px-4 font-medium text-white disabled:opacity-50"
          >
            {t('aiStudio.producer.send')}
          </button>
        </form>
      </div>
    </Dialog>
  );
}
