import { useEffect, useState } from 'react';

/** The client screen's save banners clear after 3 s (docs/product-rules.md, Timed notices and dialogs). */
export const bannerClearMs = 3000;

/** A success message that clears itself after 3 s (a new message restarts the time). */
export function useTimedBanner() {
  const [banner, setBanner] = useState<{ text: string; shownAt: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), bannerClearMs);
    return () => window.clearTimeout(timer);
  }, [banner]);
  return {
    text: banner?.text ?? null,
    show: (text: string) => setBanner({ text, shownAt: Date.now() }),
  };
}
