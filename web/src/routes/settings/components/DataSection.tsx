import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '../../../auth/session';
import { clearSiteCache, downloadMyData, storageUsage } from '../api/account';
import { Section, secondaryButtonClass } from './Controls';
import { formatNumber } from '../../../lib/format';

function megabytes(bytes: number, locale: string): string {
  return `${formatNumber(bytes / 1024 / 1024, 1, locale)} MB`;
}

/** Dados & Armazenamento: clear cache (real size when the browser tells), download my data, delete account. */
export function DataSection() {
  const { t, i18n } = useTranslation();
  const { user, loading } = useAuth();
  // Signed out, the data to download is nobody's: the row says so and offers to sign in (it used to show a
  // disabled button with no reason, and flash it enabled/disabled while the session was being checked).
  const signedOut = !loading && !user;
  const [usage, setUsage] = useState<number | null>(null);

  useEffect(() => {
    void storageUsage().then(setUsage);
  }, []);

  async function onClear() {
    await clearSiteCache();
    setUsage(await storageUsage());
    toast.success(t('settings.data.cacheDone'));
  }

  const row = 'flex flex-wrap items-center justify-between gap-3 py-3';
  return (
    <Section id="data" title={t('settings.sections.data')}>
      <div className={row}>
        <div>
          <p className="font-medium text-zinc-100">{t('settings.data.cache')}</p>
          <p className="text-sm text-zinc-400">
            {usage === null
              ? t('settings.data.cacheUnknown')
              : t('settings.data.cacheHint', { size: megabytes(usage, i18n.resolvedLanguage ?? 'pt-BR') })}
          </p>
        </div>
        <button type="button" onClick={() => void onClear()} className={secondaryButtonClass}>
          {t('settings.data.cacheButton')}
        </button>
      </div>
      <div className={row}>
        <div>
          <p className="font-medium text-zinc-100">{t('settings.data.download')}</p>
          <p className="text-sm text-zinc-400">
            {signedOut ? t('settings.data.downloadSignedOut') : t('settings.data.downloadHint')}
          </p>
        </div>
        {signedOut ? (
          <Link to={`/auth?next=${encodeURIComponent('/settings#data')}`} className={secondaryButtonClass}>
            {t('settings.data.signIn')}
          </Link>
        ) : (
          <button
            type="button"
            disabled={!user}
            aria-busy={loading}
            onClick={() => void downloadMyData().catch(() => toast.error(t('settings.data.downloadError')))}
            className={secondaryButtonClass}
          >
            {t('settings.data.downloadButton')}
          </button>
        )}
      </div>
      <div className={row}>
        <div>
          <p className="font-medium text-red-200">{t('settings.data.delete')}</p>
          <p className="text-sm text-zinc-400">{t('settings.data.deleteHint')}</p>
        </div>
        <a
          href="mailto:suporte@5d.app?subject=Excluir%20conta"
          className={`${secondaryButtonClass} border-red-500/40 text-red-300`}
        >
          {t('settings.data.deleteButton')}
        </a>
      </div>
    </Section>
  );
}
