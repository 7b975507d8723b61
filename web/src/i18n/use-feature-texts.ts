import { useEffect, useState } from 'react';
import { loadFeatureTexts, type Feature } from './feature-texts';

/** Loads a feature's texts from inside a component (for panels shown on another feature's screen). */
export function useFeatureTexts(features: readonly Feature[]): boolean {
  const [ready, setReady] = useState(false);
  const key = features.join(',');
  useEffect(() => {
    let active = true;
    void loadFeatureTexts(key.split(',') as Feature[]).then(
      () => active && setReady(true),
      () => active && setReady(true),
    );
    return () => {
      active = false;
    };
  }, [key]);
  return ready;
}
