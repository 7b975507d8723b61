import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  className?: string;
}

/** A WAI-ARIA tab list: arrow keys, Home and End move between tabs (automatic activation). */
export function Tabs<K extends string>({ label, tabs, value, onChange, className }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === value);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    refs.current[next]?.focus();
    refs.current[next]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`flex gap-1 overflow-x-auto rounded-xl border border-white/10 bg-zinc-900/60 p-1 ${className ?? ''}`}
    >
      {tabs.map((tab, index) => {
        const selected = tab.key === value;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={tabId(baseId, tab.key)}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={(event) => {
              onChange(tab.key);
              // On a phone the tab row scrolls: a half-visible tab comes fully into view.
              event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            }}
            className={`shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 ${
              selected ? 'bg-violet-600 text-white' : 'text-zinc-300 hover:bg-white/5'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

const tabId = (base: string, key: string) => `${base}-tab-${key}`;

/** The panel of the selected tab, named like it. */
export function TabPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      aria-label={label}
      tabIndex={0}
      className="mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-400"
    >
      {children}
    </div>
  );
}
