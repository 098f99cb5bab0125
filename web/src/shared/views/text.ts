// Text widths without laying out the page: a canvas measures with the same font.

let measurer: CanvasRenderingContext2D | null = null;

export function textWidth(text: string, font: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 7.2;
  measurer.font = font;
  return measurer.measureText(text).width;
}

/** A text's width at `px` in the views' system font (what `fitText` takes). */
export const uiWidth = (text: string, px: number): number =>
  textWidth(text, `${px}px system-ui, sans-serif`);

/** The same, bold (a chart's or a panel's title). */
export const uiBoldWidth = (text: string, px: number): number =>
  textWidth(text, `700 ${px}px system-ui, sans-serif`);
