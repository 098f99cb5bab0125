// The base of the canvas views: a div holding a canvas of packed RGBA pixels (one Uint32 per
// device pixel, written directly) and an SVG over it for the few marks that need vectors.
export const SVG_NS = 'http://www.w3.org/2000/svg';

export class PixelCanvas {
  readonly el: HTMLDivElement;
  protected readonly canvas: HTMLCanvasElement;
  protected readonly ctx: CanvasRenderingContext2D;
  protected readonly svg: SVGSVGElement;
  protected image: ImageData | null = null;
  protected pixels = new Uint32Array(0);

  constructor(parent: HTMLElement) {
    this.el = document.createElement('div');
    this.canvas = document.createElement('canvas');
    this.canvas.style.display = 'block';
    this.svg = document.createElementNS(SVG_NS, 'svg');
    this.el.append(this.canvas, this.svg);
    parent.appendChild(this.el);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    this.ctx = ctx;
  }

  /**
   * Lay the SVG over the canvas (absolutely positioned, not catching pointer events), for the
   * views that draw marks over their pixels.
   */
  protected overlay(): void {
    this.el.style.position = 'relative';
    Object.assign(this.svg.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      overflow: 'visible',
    });
    this.svg.setAttribute('pointer-events', 'none');
  }

  /**
   * Size the canvas to W×H device pixels shown at width×height CSS px (the div and the SVG
   * too); a new size gets new, cleared pixels. Returns the image.
   */
  protected fit(W: number, H: number, width: number, height: number): ImageData {
    if (!this.image || this.image.width !== W || this.image.height !== H) {
      this.canvas.width = W;
      this.canvas.height = H;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
      this.el.style.width = `${width}px`;
      this.el.style.height = `${height}px`;
      this.svg.setAttribute('width', String(width));
      this.svg.setAttribute('height', String(height));
      this.image = this.ctx.createImageData(W, H);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    return this.image;
  }

  destroy(): void {
    this.el.remove();
  }
}
