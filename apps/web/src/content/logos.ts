import type { SimpleIcon } from 'simple-icons';
// Named imports only, so the bundler keeps just these icons out of the whole set.
import {
  siCloudflare,
  siCss,
  siDocker,
  siDrizzle,
  siFastify,
  siFigma,
  siGit,
  siGithub,
  siGo,
  siHtml5,
  siJavascript,
  siLinux,
  siLua,
  siMysql,
  siNextdotjs,
  siNginx,
  siNodedotjs,
  siPostgresql,
  siReact,
  siRedis,
  siRust,
  siTailwindcss,
  siTypescript,
  siVite,
} from 'simple-icons';

/** The vector of an icon: a single path on a 24×24 grid. */
export interface LogoIcon {
  /** Its symbol's id in tech-logos.svg (simple-icons' slug). */
  id: string;
  path: string;
  hex: string;
}

/** One logo of the strip (SPEC.md §3 Logo item): either an image URL or an inline icon. */
export type LogoItem = {
  alt: string;
  href: string;
  title: string;
  ariaLabel?: string;
} & ({ src: string; icon?: never } | { icon: LogoIcon; src?: never });

function fromIcon(icon: SimpleIcon, href: string, ariaLabel?: string): LogoItem {
  return {
    icon: { id: icon.slug, path: icon.path, hex: icon.hex },
    alt: icon.title,
    title: icon.title,
    href,
    ...(ariaLabel ? { ariaLabel } : {}),
  };
}

export const TECH_LOGOS: readonly LogoItem[] = [
  fromIcon(siReact, 'https://react.dev'),
  fromIcon(siTypescript, 'https://www.typescriptlang.org'),
  fromIcon(siJavascript, 'https://developer.mozilla.org/docs/Web/JavaScript'),
  fromIcon(siNodedotjs, 'https://nodejs.org'),
  fromIcon(siNextdotjs, 'https://nextjs.org'),
  fromIcon(siVite, 'https://vite.dev'),
  fromIcon(siTailwindcss, 'https://tailwindcss.com'),
  fromIcon(siHtml5, 'https://developer.mozilla.org/docs/Web/HTML'),
  fromIcon(siCss, 'https://developer.mozilla.org/docs/Web/CSS'),
  fromIcon(siFastify, 'https://fastify.dev'),
  fromIcon(siPostgresql, 'https://www.postgresql.org'),
  fromIcon(siMysql, 'https://www.mysql.com'),
  fromIcon(siRedis, 'https://redis.io'),
  fromIcon(siDrizzle, 'https://orm.drizzle.team', 'Drizzle ORM'),
  fromIcon(siDocker, 'https://www.docker.com'),
  fromIcon(siNginx, 'https://nginx.org'),
  fromIcon(siLinux, 'https://www.kernel.org'),
  fromIcon(siGit, 'https://git-scm.com'),
  fromIcon(siGithub, 'https://github.com'),
  fromIcon(siCloudflare, 'https://www.cloudflare.com'),
  fromIcon(siLua, 'https://www.lua.org'),
  fromIcon(siRust, 'https://www.rust-lang.org'),
  fromIcon(siGo, 'https://go.dev', 'Go (język programowania)'),
  fromIcon(siFigma, 'https://www.figma.com'),
];
