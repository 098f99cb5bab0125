// Small inline SVG icons: no icon font and no emoji, so they look the same on every machine
// (and a projector's locked-down browser).
const PATHS = {
  reset: 'M4 3h2v10H4zM14 3v10L7 8z',
  back: 'M12 3v10L5 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  step: 'M3 3v10l7-5zM11 3h2v10h-2z',
  stepExec: 'M1 3v10l5-5zM6 3v10l5-5zM12 3h2v10h-2z',
  end: 'M2 3v10l6-5zM8 3v10l6-5zM14 3h1.5v10H14z',
  replay: 'M8 2a6 6 0 1 0 6 6h-2a4 4 0 1 1-4-4v3l4-4-4-4z',
  link: 'M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 0 1 3.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 0 1-3.5-3.5L5.5 8',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 14 }: { name: IconName; size?: number }) {
  const stroke = name === 'link';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', flex: '0 0 auto' }}
    >
      <path
        d={PATHS[name]}
        fill={stroke ? 'none' : 'currentColor'}
        stroke={stroke ? 'currentColor' : 'none'}
        strokeWidth={stroke ? 1.6 : 0}
        strokeLinecap="round"
      />
    </svg>
  );
}
