export type ProjectCategory =
  | 'Strona internetowa'
  | 'Język Programowania'
  | 'GitHub Public Repo'
  | 'Serwer FiveM';

export type ProjectStatus = 'Zakończona' | 'W Trakcie';

/** One slide of the projects carousel (SPEC.md §3 Project). */
export interface Project {
  id: number;
  title: string;
  description: string;
  /** Slide background, 1200×600; a 640 px wide variant lives next to it as `<id>-640.webp`. */
  image: string;
  technologies: readonly string[];
  category: ProjectCategory;
  status: ProjectStatus;
  year: string;
  /** Address of the live project; '' or '#' means there is none to show. */
  link: string;
  /** Public repository; '' or '#' means there is none to show. */
  github: string;
}

/** A project link is shown only when it points somewhere (SPEC.md §2 Projects). */
export function hasLink(url: string): boolean {
  const trimmed = url.trim();
  return trimmed !== '' && trimmed !== '#';
}

/** Path of the 640 px wide variant of a slide image, for srcset. */
export function smallProjectImage(image: string): string {
  return image.replace(/\.webp$/, '-640.webp');
}

// Repository and deployment addresses are placeholders of the fictional studio;
// replace them with the real ones when the projects are published.
export const PROJECTS: readonly Project[] = [
  {
    id: 1,
    title: 'Strona naszego studia',
    description:
      'Witryna, którą właśnie oglądasz: portfolio, zespół, roadmapa i system zgłoszeń Kontakt z kontami, weryfikacją e-mail i dwuetapowym logowaniem. Prerenderowane strony, jasny i ciemny motyw, pełna obsługa klawiatury.',
    image: '/images/projects/1.webp',
    technologies: ['React', 'TypeScript', 'Tailwind CSS', 'Fastify', 'PostgreSQL'],
    category: 'Strona internetowa',
    status: 'Zakończona',
    year: '2025',
    link: '/',
    github: '',
  },
  {
    id: 2,
    title: 'Poczta w przeglądarce',
    description:
      'Klient poczty webowej dla małej firmy: foldery, wyszukiwanie, wątki, załączniki i podpisy. Szybki interfejs działający także na telefonie oraz serwer, który synchronizuje skrzynki przez IMAP w tle.',
    image: '/images/projects/2.webp',
    technologies: ['React', 'Node.js', 'IMAP', 'Redis', 'Docker'],
    category: 'Strona internetowa',
    status: 'Zakończona',
    year: '2024',
    link: '#',
    github: 'https://github.com/nasze-studio/poczta',
  },
  {
    id: 3,
    title: 'Iskra — język programowania',
    description:
      'Nasz eksperymentalny język z prostą składnią, statycznym typowaniem i czytelnymi komunikatami błędów po polsku. Powstaje kompilator do kodu bajtowego, maszyna wirtualna oraz wtyczka do edytora z podpowiedziami.',
    image: '/images/projects/3.webp',
    technologies: ['Rust', 'LLVM', 'WebAssembly', 'LSP'],
    category: 'Język Programowania',
    status: 'W Trakcie',
    year: '2025',
    link: '',
    github: 'https://github.com/nasze-studio/iskra',
  },
  {
    id: 4,
    title: 'Biblioteka UI dla serwerów gier',
    description:
      'Otwarta biblioteka komponentów interfejsu do nakładek w grze: menu, powiadomienia, paski postępu i formularze. Lekka, z motywami i gotowymi przykładami, aby twórcy serwerów nie zaczynali każdego okna od zera.',
    image: '/images/projects/4.webp',
    technologies: ['TypeScript', 'React', 'Vite', 'Lua'],
    category: 'GitHub Public Repo',
    status: 'Zakończona',
    year: '2024',
    link: '#',
    github: 'https://github.com/nasze-studio/ui-kit',
  },
  {
    id: 5,
    title: 'Portal społeczności RP',
    description:
      'Serwis dla społeczności roleplay: podania o przyjęcie, regulaminy, profile postaci i panel administracji z historią decyzji. Integracja z Discordem i automatyczne powiadomienia dla moderatorów.',
    image: '/images/projects/5.webp',
    technologies: ['Next.js', 'TypeScript', 'MySQL', 'Discord API'],
    category: 'Strona internetowa',
    status: 'Zakończona',
    year: '2024',
    link: 'https://rp.example.com',
    github: '#',
  },
  {
    id: 6,
    title: 'Serwer FiveM',
    description:
      'Autorski serwer gry z własną ekonomią, systemem frakcji i pracami dorywczymi. Skrypty pisane od podstaw z naciskiem na wydajność i ochronę przed nadużyciami, a do tego panel zarządzania dla administracji.',
    image: '/images/projects/6.webp',
    technologies: ['Lua', 'JavaScript', 'MySQL', 'FiveM'],
    category: 'Serwer FiveM',
    status: 'W Trakcie',
    year: '2025',
    link: '',
    github: '',
  },
];
