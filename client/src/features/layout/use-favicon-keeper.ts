import { useEffect } from 'react';
import { FAVICON_HREF, FAVICON_RESET_INTERVAL_MS } from '../../constants';

/** Puts the site icon back every 2 s, in case an embedded game or script replaced it. */
export function useFaviconKeeper(): void {
  useEffect(() => {
    const restore = () => {
      let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      if (link.getAttribute('href') !== FAVICON_HREF) link.setAttribute('href', FAVICON_HREF);
    };
    restore();
    const timer = window.setInterval(restore, FAVICON_RESET_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
