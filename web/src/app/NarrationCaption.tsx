// The newest narration as one caption line: a polite live region, so a screen reader hears
// what each step did. Shown under the view in presenter and embed modes; elsewhere it is only
// heard (the narration panel shows the same lines).
import { useApp } from '../store/context';
import { selectNarration } from '../store/selectors';

export function NarrationCaption({ visible }: { visible: boolean }) {
  const groups = useApp(selectNarration);
  const newest = groups[groups.length - 1];
  const text = newest ? newest.lines.map((l) => l.text).join(' · ') : '';
  return (
    <div
      className={visible ? 'caption' : 'visually-hidden'}
      data-testid="narration-caption"
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {newest && (
        <>
          <span className="caption-title">{newest.title}</span> {text}
        </>
      )}
    </div>
  );
}
