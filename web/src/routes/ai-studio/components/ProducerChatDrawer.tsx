import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../api/error-text';
import { askChatbot, type ChatTurn } from '../../../components/chat/chat-api';
import { Dialog } from '../../../components/Dialog';
import { Markdown } from '../../../components/Markdown';
import { SuggestionChips } from '../../../components/chat/SuggestionChips';

const QUICK = ['beat', 'mix', 'chords', 'release'] as const;

interface Turn extends ChatTurn {
  suggestions?: string[];
}

/**
 * The AI producer drawer: a conversation with the creative assistant (chatbot, mode 'creative'; the
 * offline assistant without an AI key). Sending shows the typing indicator until the answer arrives; a
 * failure says so and offers to send the same message again.
 */
export function ProducerChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [typing, setTyping] = useState(false);
  const [failure, setFailure] = useState<{ message: string; text: string } | null>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  async function send(text: string, history: Turn[] = turns) {
    const clean = text.trim();
    if (!clean || typing) return;
    const next: Turn[] = [...history, { role: 'user', content: clean }];
    setTurns(next);
    setInput('');
    setFailure(null);
    setTyping(true);
    const controller = new AbortController();
    request.current = controller;
    try {
      const reply = await askChatbot(
        next.map(({ role, content }) => ({ role, content })),
        controller.signal,
        'creative',
      );
      setTurns([...next, { role: 'assistant', content: reply.answer, suggestions: reply.suggestions }]);
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure({ message: failureText(error, t('aiStudio.producer.failed')), text: clean });
    } finally {
      if (request.current === controller) setTyping(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
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
                disabled={typing}
                onClick={() => void send(t(`aiStudio.producer.ask.${key}`))}
                className="rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1.5 text-xs text-violet-100 hover:bg-violet-500/20 disabled:opacity-50"
              >
                {t(`aiStudio.producer.quick.${key}`)}
              </button>
            </li>
          ))}
        </ul>
        <ol className="min-h-[50dvh] flex-1 space-y-2 overflow-y-auto" aria-live="polite">
          {turns.map((turn, index) =>
            turn.role === 'user' ? (
              <li
                key={index}
                className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-violet-600 px-3 py-2 text-sm text-white"
              >
                {turn.content}
              </li>
            ) : (
              <li
                key={index}
                data-testid="producer-reply"
                className="w-fit max-w-[92%] rounded-2xl rounded-bl-sm bg-zinc-800 px-3 py-2 text-sm text-zinc-100"
              >
                <Markdown text={turn.content} className="break-words" />
                {turn.suggestions && (
                  <SuggestionChips
                    topics={turn.suggestions}
                    disabled={typing}
                    onPick={(topic) => void send(topic)}
                  />
                )}
              </li>
            ),
          )}
          {typing && (
            <li
              role="status"
              data-testid="producer-typing"
              className="w-fit rounded-2xl bg-zinc-800 px-3 py-2 text-sm text-zinc-300"
            >
              {t('aiStudio.producer.typing')}
            </li>
          )}
          {failure && (
            <li
              role="alert"
              className="rounded-xl border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-100"
            >
              <p>{failure.message}</p>
              <button
                type="button"
                onClick={() => void send(failure.text, turns.slice(0, -1))}
                className="mt-2 rounded-lg border border-red-300/40 px-3 py-1 text-xs font-medium hover:bg-red-500/20"
              >
                {t('aiStudio.producer.retry')}
              </button>
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
            disabled={!input.trim() || typing}
            className="h-11 rounded-lg bg-violet-600 px-4 font-medium text-white disabled:opacity-50"
          >
            {t('aiStudio.producer.send')}
          </button>
        </form>
      </div>
    </Dialog>
  );
}
