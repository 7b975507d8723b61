import { useEffect, useState } from 'react';

/**
 * The section crossing a thin band a little above the middle of the viewport: with contiguous sections
 * exactly one of them is there, whatever their heights.
 */
export function useActiveSection(ids: readonly string[], enabled: boolean): string {
  const [active, setActive] = useState<string>(ids[0] ?? '');

  useEffect(() => {
    if (!enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) setActive(entry.target.id);
      },
      { rootMargin: '-40% 0px -55% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids, enabled]);

  return active;
}

/** True once the element with this id has scrolled out of view (the floating bar's trigger). */
export function useScrolledPast(id: string, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = enabled ? document.getElementById(id) : null;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, enabled]);
  return past;
}
