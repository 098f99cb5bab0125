// True once an element comes within `margin` of the viewport (and stays true): what is
// further down the page mounts only when the user scrolls towards it.
import { useEffect, useRef, useState } from 'react';

export function useNearViewport<E extends Element>(margin = '0px') {
  const ref = useRef<E>(null);
  // Without IntersectionObserver (old browsers, jsdom) everything mounts at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
