import { SITE_NAME } from '~/lib/site';

/**
 * The departments of SPEC.md §3 (signature inputs). Emblems are our own SVG
 * artwork in `public/signatures/` (simple shields, badges and symbols), not
 * copies of any real agency's or company's logo.
 */
export const DEPARTMENT_IDS = [
  'lspd',
  'doj',
  'aiad',
  'dtu',
  'swat',
  'uwu',
  'ems',
  'psychologist',
  'attorney',
  'Mia',
  '77customs',
  'studio',
] as const;

export type DepartmentId = (typeof DEPARTMENT_IDS)[number];

export interface Department {
  id: DepartmentId;
  /** Short label under the emblem. */
  code: string;
  /** Full name printed on the signature. */
  fullName: string;
  /** Polish description shown in the department list. */
  description: string;
  /** Colour of the accents drawn around the emblem. */
  accent: string;
}

export const DEPARTMENTS: readonly Department[] = [
  {
    id: 'lspd',
    code: 'LSPD',
    fullName: 'Los Santos Police Department',
    description: 'Departament Policji Los Santos',
    accent: '#1d4ed8',
  },
  {
    id: 'doj',
    code: 'DOJ',
    fullName: 'Department of Justice',
    description: 'Departament Sprawiedliwości',
    accent: '#b45309',
  },
  {
    id: 'aiad',
    code: 'AIAD',
    fullName: 'Administrative & Internal Affairs Division',
    description: 'Wydział Spraw Wewnętrznych',
    accent: '#0f766e',
  },
  {
    id: 'dtu',
    code: 'DTU',
    fullName: 'Drug Trafficking Unit',
    description: 'Jednostka do walki z handlem narkotykami',
    accent: '#6d28d9',
  },
  {
    id: 'swat',
    code: 'SWAT',
    fullName: 'Special Weapons and Tactics',
    description: 'Jednostka specjalna',
    accent: '#374151',
  },
  {
    id: 'uwu',
    code: 'UwU',
    fullName: 'UwU Cat Café',
    description: 'Kawiarnia z kotami',
    accent: '#db2777',
  },
  {
    id: 'ems',
    code: 'EMS',
    fullName: 'Emergency Medical Services',
    description: 'Ratownictwo medyczne',
    accent: '#dc2626',
  },
  {
    id: 'psychologist',
    code: 'PSYCHOLOG',
    fullName: 'Gabinet Psychologiczny',
    description: 'Psycholog',
    accent: '#0e7490',
  },
  {
    id: 'attorney',
    code: 'ADWOKAT',
    fullName: 'Kancelaria Adwokacka',
    description: 'Adwokat',
    accent: '#7f1d1d',
  },
  {
    id: 'Mia',
    code: 'MIA',
    fullName: 'Mia',
    description: 'Lokal Mia',
    accent: '#a21caf',
  },
  {
    id: '77customs',
    code: '77 CUSTOMS',
    fullName: '77 Customs',
    description: 'Warsztat i tuning samochodów',
    accent: '#ea580c',
  },
  {
    // SPEC.md §3: "one more value named after the studio" — ours, so it takes
    // the site's name and follows it if the name changes.
    id: 'studio',
    code: SITE_NAME.toUpperCase(),
    fullName: SITE_NAME,
    description: 'Nasze studio programistyczne',
    accent: '#2563eb',
  },
];

export const DEFAULT_DEPARTMENT: DepartmentId = 'lspd';

export function getDepartment(id: DepartmentId): Department {
  const department = DEPARTMENTS.find((candidate) => candidate.id === id);
  if (!department) throw new Error(`Unknown department: ${id}`);
  return department;
}

/** Public URL of a department's emblem. */
export function emblemUrl(id: DepartmentId): string {
  return `/signatures/${id}.svg`;
}
