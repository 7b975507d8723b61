import { useEffect, useState } from 'react';
import { featureTextsLoaded, loadFeatureTexts, type Feature } from './feature-texts';

/** Loads a feature's texts from inside a component (for panels shown on another feature's screen). */
export function useFeatureTexts(features: readonly Feature[]): boolean {
  // Texts loaded with the screen's route are there from the first render (no pop-in, prerender too).
  const [ready, setReady] = useState(() => featureTextsLoaded(features));
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
