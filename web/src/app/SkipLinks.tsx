// Skip links, the page's first Tab stops: straight to the playback bar's Play button, or to
// the cache view (its buffer grid). Buttons that move focus, not fragment links: the address'
// fragment holds the scenario (share/link.ts).
function focusFirst(...selectors: string[]) {
  const el = selectors.map((s) => document.querySelector<HTMLElement>(s)).find(Boolean);
  el?.focus();
  el?.scrollIntoView?.({ block: 'nearest' });
}

export function SkipLinks() {
  return (
    <nav className="skip-links" aria-label="Skip links">
      <a
        href="#playback"
        data-testid="skip-playback"
        onClick={(e) => {
          e.preventDefault();
          focusFirst('[data-testid="play"]');
        }}
      >
        Skip to the playback bar
      </a>
      <a
        href="#cache-views"
        data-testid="skip-view"
        onClick={(e) => {
          e.preventDefault();
          focusFirst('[data-keynav]', '#cache-views');
        }}
      >
        Skip to the cache view
      </a>
    </nav>
  );
}
