import type { RoadmapPillar } from '~/content/roadmap';

/** Line drawings for the focus areas, drawn for this page. */
export function PillarIcon({ icon }: { icon: RoadmapPillar['icon'] }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
      {icon === 'modules' && (
        <g {...common}>
          <rect x="3" y="3" width="8" height="8" rx="2" />
          <rect x="13" y="3" width="8" height="8" rx="2" />
          <rect x="3" y="13" width="8" height="8" rx="2" />
          <path d="M17 14v6M14 17h6" />
        </g>
      )}
      {icon === 'chart' && (
        <g {...common}>
          <path d="M4 20V4M4 20h16" />
          <path d="M8 16v-4M12 16V8M16 16v-6" />
          <path d="m7 9 4-3 4 2 4-4" />
        </g>
      )}
      {icon === 'handshake' && (
        <g {...common}>
          <path d="M3 12l4-4 4 2 3-2 7 4" />
          <path d="M7 8v0M3 12l5 5c1 1 2 1 3 0l1-1 1 1c1 1 2 1 3 0l3-3" />
          <path d="M11 14l2 2" />
        </g>
      )}
      {icon === 'flask' && (
        <g {...common}>
          <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3" />
          <path d="M7.5 15h9" />
        </g>
      )}
    </svg>
  );
}

export function CheckIcon({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path
        d="m6 10.5 2.5 2.5L14 7.5"
        fill="none"
        stroke="white"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function OpenCircleIcon({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
