import React from 'react';

/** The portal's emblem: a window opening onto a crossing. Decorative. */
export function Emblem({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#0b3d5c" />
      <path d="M12 36V18a12 12 0 0 1 24 0v18" fill="none" stroke="#f2b134" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M12 36h24M24 36V22" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="24" cy="16" r="2.5" fill="#ffffff" />
    </svg>
  );
}
