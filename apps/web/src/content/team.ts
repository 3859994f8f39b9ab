/** One person on the team page (SPEC.md §3 Team member). */
export interface TeamMember {
  /** Stable id used in URLs of the avatar files and in test ids. */
  slug: string;
  name: string;
  role: string;
  bio: string;
  skills: readonly string[];
  /** Avatar, 512 px square; a 256 px variant lives next to it as `<slug>-256.webp`. */
  image: string;
  /** Each link may be empty: an empty link is not shown at all. */
  socials: { github: string; linkedin: string; twitter: string };
}

/** Path of the smaller avatar variant (for srcset) next to a member's main avatar. */
export function smallAvatar(image: string): string {
  return image.replace(/\.webp$/, '-256.webp');
}

// The people are fictional stand-ins until the studio publishes its own team;
// the profile links below point at placeholder handles and should be replaced then.
export const TEAM: readonly TeamMember[] = [
  {
    slug: 'jakub-nowicki',
    name: 'Jakub Nowicki',
    role: 'Lead Full-Stack Developer',
    bio: 'Od ponad ośmiu lat buduje aplikacje webowe od bazy danych po interfejs. Prowadzi architekturę naszych projektów, dba o testy, wydajność i o to, żeby kod dało się utrzymać latami. Po godzinach rozwija własny język programowania i serwery gier.',
    skills: [
      'TypeScript',
      'JavaScript',
      'React',
      'React Router',
      'Next.js',
      'Node.js',
      'Fastify',
      'Express',
      'PostgreSQL',
      'MySQL',
      'Redis',
      'Drizzle ORM',
      'Prisma',
      'Docker',
      'Nginx',
      'Linux',
      'Git',
      'GitHub Actions',
      'Tailwind CSS',
      'Vite',
      'Vitest',
      'Playwright',
      'Lua',
      'FiveM',
      'Rust',
      'REST API',
    ],
    image: '/images/team/jakub-nowicki.webp',
    socials: {
      github: 'https://github.com/jakub-nowicki-dev',
      linkedin: 'https://www.linkedin.com/in/jakub-nowicki-dev',
      twitter: '',
    },
  },
  {
    slug: 'zofia-markiewicz',
    name: 'Zofia Markiewicz',
    role: 'UI/UX Designer',
    bio: 'Projektuje interfejsy, które są czytelne na telefonie i na dużym ekranie. Zaczyna od rozmów z użytkownikami, kończy na dopracowanym systemie komponentów, z którego korzysta cały zespół. Pilnuje kontrastu, dostępności i spójności marki.',
    skills: ['Figma', 'Projektowanie UI', 'Badania UX', 'Prototypowanie'],
    image: '/images/team/zofia-markiewicz.webp',
    socials: {
      github: '',
      linkedin: 'https://www.linkedin.com/in/zofia-markiewicz-design',
      twitter: 'https://x.com/zofia_designs',
    },
  },
];
