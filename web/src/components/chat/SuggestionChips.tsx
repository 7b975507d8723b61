/**
 * The closest topics the assistant offers when it has no answer (issue 18): one chip per topic, sent as
 * the next question on click. Shared by the chat widget and the producer drawer.
 */
export function SuggestionChips({
  topics,
  disabled,
  onPick,
  label,
  testId,
}: {
  topics: readonly string[];
  disabled: boolean;
  onPick: (topic: string) => void;
  label?: string;
  testId?: string;
}) {
  if (topics.length === 0) return null;
  return (
    <ul aria-label={label} data-testid={testId} className="mt-2 flex flex-wrap gap-1.5">
      {topics.map((topic) => (
        <li key={topic}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onPick(topic)}
            className="rounded-full border border-violet-400/30 bg-violet-500/10 px-2.5 py-1 text-left text-xs text-violet-100 hover:bg-violet-500/20 disabled:opacity-50"
          >
            {topic}
          </button>
        </li>
      ))}
    </ul>
  );
}
