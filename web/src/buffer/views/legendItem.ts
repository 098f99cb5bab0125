// One entry of a view's key: a swatch and its words.
import { styled } from '../../shared/views/host';

/**
 * An entry "term: what it means" shows only its term in a short legend (a policy's five lines
 * of explanations took half of a 1024×768 panel and left the cells 3 px, issue 41 #2); the
 * meaning stays its tooltip and, for a screen reader, a visually hidden sentence.
 */
export function item(
  parent: HTMLElement,
  swatch: Partial<CSSStyleDeclaration>,
  label: string,
  short = false,
): HTMLElement {
  const span = styled(
    'span',
    { display: 'inline-flex', alignItems: 'center', gap: '6px', whiteSpace: 'nowrap' },
    parent,
  );
  styled(
    'span',
    { display: 'inline-block', width: '13px', height: '13px', borderRadius: '3px', ...swatch },
    span,
  );
  const colon = label.indexOf(': ');
  if (!short || colon < 0) {
    styled('span', {}, span).textContent = label;
    return span;
  }
  styled('span', {}, span).textContent = label.slice(0, colon);
  const meaning = styled('span', {}, span);
  meaning.className = 'visually-hidden';
  meaning.textContent = label.slice(colon);
  span.title = label;
  span.dataset.short = 'true';
  return span;
}
