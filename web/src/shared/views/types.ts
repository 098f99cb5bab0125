// What every D3 view factory returns: `createXView(el, opts) → { update(frame), destroy() }`.
export interface View<F> {
  update(frame: F): void;
  destroy(): void;
}
