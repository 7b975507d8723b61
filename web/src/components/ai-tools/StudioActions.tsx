import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolIcon } from './ToolIcon';

const DawBridgeDialog = lazy(() => import('../daw/DawBridgeDialog'));
const AiDawDialog = lazy(() => import('../daw/AiDawDialog'));

/** The two DAW bridge dialogs, opened from the AI Studio and Neural Engine pages. */
export function DawActions({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'basic' | 'ai' | null>(null);
  const button =
    'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-white/15 bg-zinc-900 px-3 text-sm font-medium text-zinc-100 transition hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-violet-400';
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <button type="button" className={button} onClick={() => setOpen('basic')}>
        <ToolIcon name="daw" size={18} /> {t('aiStudio.actions.daw')}
      </button>
      <button type="button" className={button} onClick={() => setOpen('ai')}>
        <ToolIcon name="robot" size={18} /> {t('aiStudio.actions.aiDaw')}
      </button>
      <Suspense fallback={null}>
        {open === 'basic' && <DawBridgeDialog open onClose={() => setOpen(null)} />}
        {open === 'ai' && <AiDawDialog open onClose={() => setOpen(null)} />}
      </Suspense>
    </div>
  );
}
