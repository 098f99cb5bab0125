// The page as a drop target for trace files (issue #12): dragging files over the page
// highlights it, a drop hands the first file on. Only file drags count (dragged text is the
// browser's business), and a text field keeps its own drops: over one the drop is refused
// rather than taken, so neither the page nor the field's text changes. Part of the first
// screen, so it is small: the replay's code loads with the trace panel.
import { useEffect, useState } from 'react';

/** Whether a drag carries files (not text, links or elements of the page). */
export const hasFiles = (dt: DataTransfer | null) => !!dt && Array.from(dt.types).includes('Files');

/** Whether a drop on `target` belongs to a text field (input, textarea, contenteditable). */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as (Element & { isContentEditable?: boolean }) | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.isContentEditable) return true;
  const field = el.closest('textarea, input, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  if (field.tagName !== 'INPUT') return true;
  const type = (field as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(
    type,
  );
}

/** How long after the last dragover the highlight stays (dragover fires every ~50 ms). */
const LINGER_MS = 250;

/**
 * Listen for file drops on the whole page; `onFile` gets the dropped file. Returns whether
 * files are being dragged over the page (for the highlight).
 */
export function useTraceDrop(onFile: (file: File) => void): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const leave = () => {
      clearTimeout(timer);
      setOver(false);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e.dataTransfer)) return;
      // cancelled either way, so the browser never opens the file in place of the page
      e.preventDefault();
      const text = isTextField(e.target);
      if (e.dataTransfer) e.dataTransfer.dropEffect = text ? 'none' : 'copy';
      clearTimeout(timer);
      if (text) {
        setOver(false);
        return;
      }
      setOver(true);
      timer = setTimeout(leave, LINGER_MS);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e.dataTransfer)) return;
      e.preventDefault();
      leave();
      if (isTextField(e.target)) return;
      const file = e.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('dragend', leave);
    return () => {
      leave();
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('dragend', leave);
    };
  }, [onFile]);
  return over;
}
