import React from 'react';

/** Line icons for the tools (decorative: the tool name is always written next to them). */
const ICONS: Record<string, React.ReactNode> = {
  'tariff-search': (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="M15 15l5 5M8 10.5h5M10.5 8v5" />
    </>
  ),
  'tariff-finder': (
    <>
      <path d="M4 5h16v10H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </>
  ),
  'customs-exchange-rate': (
    <>
      <path d="M4 8h13l-3-3M20 16H7l3 3" />
    </>
  ),
  codification: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M8 9h8M8 12h8M8 15h5" />
    </>
  ),
  'taxation-simulation': (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M8 7h8M8 11h2M12 11h2M16 11h0M8 15h2M12 15h2M8 18h8" />
    </>
  ),
  'traders-guide': (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M15 3v4h4M9 12l2 2 4-4" />
    </>
  ),
  manifest: (
    <>
      <path d="M3 15h18l-2 5H5z" />
      <path d="M6 15V9h6v6M12 11h5v4M8 9V6" />
    </>
  ),
};

export function ToolIcon({ toolKey }: { toolKey: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[toolKey] ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}
