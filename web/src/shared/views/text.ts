// Text widths without laying out the page: a canvas measures with the same font.

let measurer: CanvasRenderingContext2D | null = null;

export function textWidth(text: string, font: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 7.2;
  measurer.font = font;
  return measurer.measureText(text).width;
}
