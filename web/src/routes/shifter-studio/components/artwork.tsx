import { useId } from 'react';

/** The six gallery pictures: vector artwork drawn here (no image files, no network). */
export const GALLERY = ['control', 'booth', 'synths', 'live', 'lounge', 'night'] as const;
export type GalleryImage = (typeof GALLERY)[number];

const palettes: Record<GalleryImage, [string, string, string]> = {
  control: ['#1e1b4b', '#7c3aed', '#f0abfc'],
  booth: ['#0c0a09', '#be185d', '#fda4af'],
  synths: ['#042f2e', '#0d9488', '#99f6e4'],
  live: ['#172554', '#2563eb', '#bfdbfe'],
  lounge: ['#431407', '#ea580c', '#fed7aa'],
  night: ['#020617', '#4f46e5', '#c7d2fe'],
};

function Scene({ image, accent }: { image: GalleryImage; accent: string }) {
  switch (image) {
    case 'control':
      return (
        <g>
          <rect x="40" y="150" width="320" height="70" rx="8" fill="#000" opacity="0.45" />
          {Array.from({ length: 14 }, (_, i) => (
            <g key={i}>
              <rect x={56 + i * 21.5} y="160" width="4" height="50" rx="2" fill="#fff" opacity="0.25" />
              <rect x={51 + i * 21.5} y={170 + ((i * 13) % 30)} width="14" height="8" rx="2" fill={accent} />
            </g>
          ))}
          <rect x="70" y="50" width="110" height="80" rx="6" fill="#000" opacity="0.5" />
          <rect x="220" y="50" width="110" height="80" rx="6" fill="#000" opacity="0.5" />
          <polyline
            points="80,100 100,80 120,110 140,70 160,95 170,88"
            fill="none"
            stroke={accent}
            strokeWidth="3"
          />
          {Array.from({ length: 9 }, (_, i) => (
            <rect
              key={i}
              x={232 + i * 10}
              y={120 - ((i * 17) % 55)}
              width="6"
              height={(i * 17) % 55}
              fill={accent}
            />
          ))}
        </g>
      );
    case 'booth':
      return (
        <g>
          <circle cx="200" cy="95" r="42" fill="#000" opacity="0.55" />
          <rect x="178" y="55" width="44" height="70" rx="22" fill={accent} />
          {[68, 80, 92, 104].map((y) => (
            <line
              key={y}
              x1="182"
              x2="218"
              y1={y}
              y2={y}
              stroke="#000"
              strokeOpacity="0.35"
              strokeWidth="3"
            />
          ))}
          <path d="M165 110 q35 45 70 0" fill="none" stroke="#fff" strokeOpacity="0.7" strokeWidth="4" />
          <line x1="200" x2="200" y1="132" y2="230" stroke="#fff" strokeOpacity="0.7" strokeWidth="5" />
          <ellipse cx="200" cy="232" rx="45" ry="8" fill="#000" opacity="0.5" />
        </g>
      );
    case 'synths':
      return (
        <g>
          {[0, 1].map((row) => (
            <g key={row} transform={`translate(30 ${60 + row * 85})`}>
              <rect width="340" height="70" rx="6" fill="#000" opacity="0.5" />
              {Array.from({ length: 20 }, (_, i) => (
                <rect
                  key={i}
                  x={8 + i * 16.3}
                  y="34"
                  width="14"
                  height="32"
                  rx="2"
                  fill="#fff"
                  opacity="0.85"
                />
              ))}
              {Array.from({ length: 10 }, (_, i) => (
                <circle key={i} cx={22 + i * 33} cy="17" r="7" fill={accent} opacity={0.5 + (i % 3) * 0.2} />
              ))}
            </g>
          ))}
        </g>
      );
    case 'live':
      return (
        <g>
          <ellipse cx="200" cy="170" rx="60" ry="42" fill="#000" opacity="0.5" />
          <ellipse cx="200" cy="165" rx="55" ry="36" fill="none" stroke={accent} strokeWidth="4" />
          <ellipse
            cx="110"
            cy="150"
            rx="32"
            ry="22"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.8"
            strokeWidth="3"
          />
          <ellipse
            cx="290"
            cy="150"
            rx="32"
            ry="22"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.8"
            strokeWidth="3"
          />
          <ellipse cx="140" cy="80" rx="38" ry="6" fill={accent} opacity="0.9" />
          <ellipse cx="265" cy="70" rx="42" ry="6" fill={accent} opacity="0.9" />
          <line x1="140" x2="140" y1="84" y2="200" stroke="#fff" strokeOpacity="0.5" strokeWidth="2" />
          <line x1="265" x2="265" y1="74" y2="200" stroke="#fff" strokeOpacity="0.5" strokeWidth="2" />
        </g>
      );
    case 'lounge':
      return (
        <g>
          <rect x="80" y="140" width="240" height="60" rx="18" fill="#000" opacity="0.45" />
          <rect x="95" y="115" width="210" height="45" rx="16" fill={accent} opacity="0.8" />
          {[120, 200, 280].map((x) => (
            <g key={x}>
              <line x1={x} x2={x} y1="0" y2="40" stroke="#fff" strokeOpacity="0.5" />
              <circle cx={x} cy="48" r="10" fill="#fff" opacity="0.9" />
              <circle cx={x} cy="48" r="26" fill="#fff" opacity="0.12" />
            </g>
          ))}
          <rect x="60" y="200" width="280" height="6" rx="3" fill="#fff" opacity="0.2" />
        </g>
      );
    case 'night':
      return (
        <g>
          <circle cx="310" cy="60" r="26" fill={accent} opacity="0.9" />
          {[40, 70, 110, 150, 190, 230, 270, 310, 350].map((x, i) => (
            <circle key={x} cx={x - 20} cy={30 + ((i * 37) % 70)} r="1.6" fill="#fff" opacity="0.8" />
          ))}
          {Array.from({ length: 10 }, (_, i) => {
            const height = 60 + ((i * 47) % 90);
            return (
              <g key={i}>
                <rect x={i * 40} y={240 - height} width="36" height={height} fill="#000" opacity="0.6" />
                <rect x={i * 40 + 8} y={250 - height} width="6" height="6" fill={accent} opacity="0.8" />
                <rect x={i * 40 + 22} y={266 - height} width="6" height="6" fill={accent} opacity="0.5" />
              </g>
            );
          })}
        </g>
      );
  }
}

/** One gallery picture; `decorative` hides it from assistive technology when a caption names it. */
export function StudioArtwork({ image, className }: { image: GalleryImage; className?: string }) {
  const gradientId = useId();
  const [from, to, accent] = palettes[image];
  return (
    <svg
      viewBox="0 0 400 240"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="400" height="240" fill={`url(#${gradientId})`} />
      <Scene image={image} accent={accent} />
    </svg>
  );
}
