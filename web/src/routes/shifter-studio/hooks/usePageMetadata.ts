import { useEffect } from 'react';

/**
 * Sets the document title, the meta description and JSON-LD structured data while the page is open, and
 * puts back the description and data when it closes (the next page sets its own title).
 */
export function usePageMetadata(title: string, description: string, structuredData: object[]): void {
  const json = JSON.stringify(structuredData);

  useEffect(() => {
    document.title = title;

    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    meta.content = description;

    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.page = 'shifter-studio';
    script.textContent = json;
    document.head.appendChild(script);

    return () => {
      if (created) meta.remove();
      else meta.content = previousDescription;
      script.remove();
    };
  }, [title, description, json]);
}
