import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiProblem } from '../../../shared/errors';
import { apiErrorText, loadApiErrorTexts } from '../api/error-text';

/**
 * A failure the API stored for later (a background job's), in the reader's language: the error texts
 * load on first use, so nothing shows until they are there (never the code itself).
 */
export function ApiProblemText({ problem, className }: { problem: ApiProblem; className?: string }) {
  // Subscribes to language changes: the text follows the reader's language switch.
  useTranslation();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadApiErrorTexts().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const text = loaded ? apiErrorText(problem.code, problem.params) : '';
  return text ? <span className={className}>{text}</span> : null;
}
