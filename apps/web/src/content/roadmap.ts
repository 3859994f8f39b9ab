export type RoadmapStatus = 'done' | 'in-progress' | 'planned';

/** Polish names of the statuses, used by the legend and the stage badges (SPEC.md §4). */
export const ROADMAP_STATUS_LABELS: Record<RoadmapStatus, string> = {
  done: 'Zakończone',
  'in-progress': 'W realizacji',
  planned: 'Planowane',
};

export interface RoadmapHighlight {
  text: string;
  completed: boolean;
}

/** One stage of the timeline (SPEC.md §3 Roadmap stage). */
export interface RoadmapStage {
  title: string;
  quarter: string;
  status: RoadmapStatus;
  summary: string;
  highlights: readonly RoadmapHighlight[];
}

export interface RoadmapStat {
  value: string;
  label: string;
}

export interface RoadmapPillar {
  /** Which drawing the page uses for the pillar. */
  icon: 'modules' | 'chart' | 'handshake' | 'flask';
  title: string;
  description: string;
}

export const ROADMAP_HEADLINE = 'Dokąd zmierzamy: plan rozwoju studia na najbliższe kwartały';
export const ROADMAP_INTRO =
  'Pokazujemy otwarcie, nad czym pracujemy i co planujemy. Dzięki temu wiesz, czego możesz od nas oczekiwać dziś i za kilka miesięcy.';

export const ROADMAP_STATS: readonly RoadmapStat[] = [
  { value: '6+', label: 'wdrożonych produktów' },
  { value: '2', label: 'aktywne partnerstwa' },
  { value: '24+', label: 'technologii w użyciu' },
  { value: '2', label: 'projekty open source' },
];

export const ROADMAP_STAGES: readonly RoadmapStage[] = [
  {
    title: 'Stabilizacja fundamentów',
    quarter: 'Q1 2025',
    status: 'done',
    summary:
      'Uporządkowaliśmy procesy, narzędzia i wspólne komponenty, na których budujemy każdy kolejny projekt.',
    highlights: [
      { text: 'Nowa strona studia z systemem zgłoszeń Kontakt', completed: true },
      { text: 'Wspólna biblioteka komponentów i motywów', completed: true },
      { text: 'Automatyczne testy i wdrożenia dla każdego projektu', completed: true },
    ],
  },
  {
    title: 'Skalowanie usług',
    quarter: 'Q2 2025',
    status: 'in-progress',
    summary:
      'Rozszerzamy ofertę o stałą opiekę techniczną i przygotowujemy infrastrukturę pod większy ruch.',
    highlights: [
      { text: 'Pakiety utrzymania i monitoringu dla klientów', completed: true },
      { text: 'Infrastruktura działająca na wielu instancjach', completed: false },
      { text: 'Pierwsze wydanie publiczne języka Iskra', completed: false },
    ],
  },
  {
    title: 'Ekspansja doświadczeń',
    quarter: 'Q3 2025',
    status: 'planned',
    summary:
      'Chcemy łączyć strony, aplikacje i serwery gier w spójne doświadczenia dla całych społeczności.',
    highlights: [
      { text: 'Panel społeczności połączony z serwerem gry', completed: false },
      { text: 'Aplikacja mobilna do obsługi zgłoszeń', completed: false },
      { text: 'Otwarte warsztaty dla początkujących twórców', completed: false },
    ],
  },
];

export const ROADMAP_PILLARS: readonly RoadmapPillar[] = [
  {
    icon: 'modules',
    title: 'Modułowe produkty',
    description:
      'Budujemy z gotowych, sprawdzonych modułów, więc nowe funkcje powstają szybciej i nie psują istniejących.',
  },
  {
    icon: 'chart',
    title: 'Mierzalne rezultaty',
    description:
      'Każdy projekt ma jasne cele: czas ładowania, liczbę zgłoszeń, konwersję. Mierzymy je i raportujemy.',
  },
  {
    icon: 'handshake',
    title: 'Długoterminowe partnerstwa',
    description:
      'Nie znikamy po wdrożeniu. Rozwijamy produkty razem z klientami przez kolejne miesiące i lata.',
  },
  {
    icon: 'flask',
    title: 'Laboratorium R&D',
    description:
      'Część czasu przeznaczamy na eksperymenty: własny język programowania, narzędzia i nowe technologie.',
  },
];
