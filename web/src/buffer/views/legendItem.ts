// One entry of a view's key: a swatch and its words.
import { styled } from '../../shared/views/host';

export function item(
  parent: HTMLElement,
  swatch: Partial<CSSStyleDeclaration>,
  label: string,
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
  styled('span', {}, span).textContent = label;
  return span;
}
