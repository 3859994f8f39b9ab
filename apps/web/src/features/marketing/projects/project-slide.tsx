import { hasLink, type Project, smallProjectImage } from '~/content/projects';
import { useHydrated } from '~/lib/use-hydrated';

function isExternal(url: string) {
  return /^https?:\/\//.test(url);
}

/** One carousel slide: the picture fills it and the text sits on a dark fade at the bottom. */
export function ProjectSlide({ project, isFirst }: { project: Project; isFirst: boolean }) {
  const done = project.status === 'Zakończona';
  const showSite = hasLink(project.link);
  const showRepo = hasLink(project.github);
  // The other slides' pictures are named only once the page has hydrated: in the
  // prerendered HTML, `loading="lazy"` still fetched the ones within Chrome's
  // lazy-load margin beside the first slide, before the first slide's picture,
  // the page's largest paint, had painted (issue 20). They are off screen then.
  const hydrated = useHydrated();
  const named = isFirst || hydrated;
  return (
    <article
      aria-labelledby={`project-${project.id}-title`}
      className="relative flex h-full flex-col justify-end overflow-hidden rounded-3xl bg-slate-900 text-white"
    >
      <img
        src={named ? project.image : undefined}
        srcSet={
          named ? `${smallProjectImage(project.image)} 640w, ${project.image} 1200w` : undefined
        }
        sizes="(max-width: 768px) 320px, 1200px"
        width={1200}
        height={600}
        alt=""
        draggable={false}
        // Only the first slide is visible on arrival; the rest wait until needed.
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        decoding="async"
        className="pointer-events-none absolute inset-0 h-full w-full object-cover object-[72%_50%] min-[769px]:object-center"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-slate-950 via-slate-950/75 to-slate-950/10 min-[769px]:bg-gradient-to-r min-[769px]:via-slate-950/60 min-[769px]:to-transparent"
      />
      <div className="relative flex flex-col gap-3 p-5 pb-16 min-[769px]:max-w-xl min-[769px]:p-10 min-[769px]:pb-12">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span
            data-testid="project-status"
            className={`rounded-full px-3 py-1 font-semibold ${
              done ? 'bg-emerald-400 text-emerald-950' : 'bg-amber-300 text-amber-950'
            }`}
          >
            {project.status}
          </span>
          <span className="rounded-full bg-white/15 px-3 py-1 font-medium backdrop-blur">
            {project.year}
          </span>
          <span className="hidden rounded-full bg-white/15 px-3 py-1 font-medium backdrop-blur min-[769px]:inline">
            {project.category}
          </span>
        </div>
        <h2
          id={`project-${project.id}-title`}
          className="text-2xl leading-tight font-bold min-[769px]:text-4xl"
        >
          {project.title}
        </h2>
        <p className="line-clamp-5 text-sm text-slate-200 min-[769px]:line-clamp-none min-[769px]:text-base">
          {project.description}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Technologie">
          {project.technologies.map((tech) => (
            <li
              key={tech}
              className="rounded-md border border-white/20 bg-white/10 px-2 py-0.5 text-xs font-medium"
            >
              {tech}
            </li>
          ))}
        </ul>
        {(showSite || showRepo) && (
          <div className="mt-1 flex flex-wrap gap-2">
            {showSite && (
              <a
                href={project.link}
                {...(isExternal(project.link)
                  ? { target: '_blank', rel: 'noopener noreferrer' }
                  : {})}
                className="cursor-target rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 transition hover:bg-sky-100"
              >
                Odwiedź projekt
              </a>
            )}
            {showRepo && (
              <a
                href={project.github}
                target="_blank"
                rel="noopener noreferrer"
                className="cursor-target rounded-full border border-white/40 px-4 py-2 text-sm font-semibold text-white transition hover:bg-white/10"
              >
                Repozytorium GitHub
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
