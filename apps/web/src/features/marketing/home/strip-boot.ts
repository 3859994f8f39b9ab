import {
  FADE_MS,
  GAP,
  IMAGE_CLASS,
  ITEM_WIDTH,
  STRIP_CLASS,
  STRIP_POOL_SIZE,
  STRIPS,
  TRACK_CLASS,
} from './strip-images';

/**
 * The strips' images are chosen at random in the browser, so the prerendered
 * HTML cannot name them. This script, inline in the home page's HTML right
 * after the strips' empty container, makes the choice while the page is parsed,
 * preloads the images that are at least half on screen (the first screen's
 * images) at once with high priority and writes the strips into the container
 * (`stripsMarkup` in strip-images.ts, except that every other image names its
 * file in `data-src`; it is fetched from the strips' first frame on). On a
 * phone that is three images before the page's largest paint instead of all
 * eighteen (a slow connection shares its start among them: `/` LCP 1.35 →
 * 1.06 s in Lighthouse, three of them against six with the slivers at the
 * screen's edges); the slivers fill in during the first moments of the
 * one-second fade, and the strips move only once every image has loaded, as
 * before. When the first screen's images have loaded and been decoded (with
 * `decoding="async"` the first frames of the fade painted them still empty,
 * so the largest paint came after the scripts had started) it fades the
 * strips in, as `ImageStrips` does, so the largest paint of the page comes
 * with its images instead of after the scripts, hydration and an idle period
 * (issue 20).
 * It releases the scripts when the browser reports a strip image as the
 * largest paint (or something larger than one, which the strips cannot beat:
 * the heading on a wide screen), at the latest a second after the fade began;
 * a frame after the fade's first one was too early (the frame was not yet
 * presented, and Lighthouse counted the stylesheet that started then). Where
 * largest-paint entries do not exist, a frame after the first one.
 * The classes are written out as `class="…"` in the script's text, so that the
 * build's critical CSS (scripts/critical-css.ts, which reads the page's class
 * attributes) keeps the strips' rules for the first paint.
 * `ImageStrips` then takes the same choice and adopts the markup (React leaves
 * a `dangerouslySetInnerHTML` container's content alone while its string does
 * not change). The page's scripts wait until the strips' first frame has
 * painted (`__scriptsHeld`, read by the script that starts them,
 * scripts/first-paint.ts): that frame is the page's largest paint, and
 * Lighthouse counts every request that ended before it. It is plain ES5 because it runs before any bundle and is allowed
 * by the server's CSP by its hash; the choice follows `chooseSequences` in
 * strip-images.ts (the tests run both against the same rules).
 */
export const STRIP_BOOT_SCRIPT = `(function(){var H=window,held=1;function release(){if(!held)return;held=0;var later=document.querySelectorAll('[data-strips] img[data-src]');for(var i=0;i<later.length;i++){later[i].setAttribute('src',later[i].getAttribute('data-src'));later[i].removeAttribute('data-src')}if(--H.__scriptsHeld<=0&&H.__scriptsStart)H.__scriptsStart()}H.__scriptsHeld=(H.__scriptsHeld||0)+1;try{var w=window.innerWidth,P=${STRIP_POOL_SIZE},W=${ITEM_WIDTH},G=${GAP},F=${FADE_MS},S=${JSON.stringify(
  STRIPS.map((s) => [s.prebufferVw, s.maxImages, s.velocity < 0 ? 'left' : 'right']),
)},out=[],seen={},html='',first=[];function pick(c){var p=[],r,i,j,t;while(p.length<c){r=[];for(i=1;i<=P;i++)r.push(i);for(i=r.length-1;i>0;i--){j=Math.floor(Math.random()*(i+1));t=r[i];r[i]=r[j];r[j]=t}if(P>1&&r[0]===p[p.length-1])r.push(r.shift());p.push.apply(p,r.slice(0,c-p.length))}return p}function src(id){return '/images/strips/'+(id<10?'0':'')+id+'.webp'}for(var s=0;s<S.length;s++){var pre=S[s][0]*w,q=pick(Math.max(1,Math.min(S[s][1],Math.ceil((w+200+pre)/(W+G))))),L=q.length*(W+G),o=(-S[s][0]*w)%L,im='';if(o>0)o-=L;out.push(q);for(var k=0;k<q.length;k++){var id=q[k],on=Math.min(k*(W+G)+W,pre+w)-Math.max(k*(W+G),pre)>=W/2;im+='<img '+(on?'src':'data-src')+'="'+src(id)+'" alt="" width="'+W+'" height="224" decoding="async" draggable="false" class="${IMAGE_CLASS}">';if(!on)continue;first.push([s,k]);if(seen[id])continue;seen[id]=1;var l=document.createElement('link');l.setAttribute('rel','preload');l.setAttribute('as','image');l.setAttribute('href',src(id));l.setAttribute('fetchpriority','high');document.head.appendChild(l)}html+='<div data-strip="" data-direction="'+S[s][2]+'" class="${STRIP_CLASS}"><div class="${TRACK_CLASS}" style="transform:translate3d('+o+'px, 0, 0)">'+im+im+'</div></div>'}window.__studioStrips={width:w,sequences:out};var root=document.querySelector('[data-strips]');if(!root||root.firstChild)return release();root.innerHTML=html;var need=1;function ease(t){if(t<=0)return 0;if(t>=1)return 1;function c(u,a,b){return 3*a*u*(1-u)*(1-u)+3*b*u*u*(1-u)+u*u*u}var lo=0,hi=1;for(var i=0;i<30;i++){var m=(lo+hi)/2;if(c(m,.4,.2)<t)lo=m;else hi=m}return c((lo+hi)/2,0,1)}function painted(){var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('largest-contentful-paint')<0){requestAnimationFrame(function(){setTimeout(release)});return}setTimeout(release,1000);new P(function(list,o){list.getEntries().forEach(function(e){if((e.element&&root.contains(e.element))||e.size>=W*224){o.disconnect();release()}})}).observe({type:'largest-contentful-paint',buffered:true})}function decoded(){if(this.decode)this.decode().then(shown,shown);else shown()}function shown(){if(--need>0)return;if(window.matchMedia&&matchMedia('(prefers-reduced-motion: reduce)').matches){root.style.opacity='1';painted();return}var t0=0;function step(now){if(!t0){t0=now;painted()}var p=Math.min((now-t0)/F,1);root.style.opacity=String(Math.max(ease(p),0.001));if(p<1)requestAnimationFrame(step)}requestAnimationFrame(step)}for(var f=0;f<first.length;f++){var img=root.children[first[f][0]].firstChild.children[first[f][1]];if(img.complete)continue;need++;img.addEventListener('load',decoded);img.addEventListener('error',shown)}shown()}catch(e){release()}})();`;

interface BootedStrips {
  width: number;
  sequences: number[][];
}

/**
 * The choice the boot script made, once (a later visit to the home page in the
 * same tab chooses anew), and only if the viewport still has its width.
 */
export function takeBootedStrips(viewportWidth: number): number[][] | null {
  const holder = window as { __studioStrips?: BootedStrips };
  const booted = holder.__studioStrips;
  delete holder.__studioStrips;
  if (!booted || booted.width !== viewportWidth) return null;
  const valid =
    Array.isArray(booted.sequences) &&
    booted.sequences.length === STRIPS.length &&
    booted.sequences.every(
      (sequence) =>
        Array.isArray(sequence) &&
        sequence.length > 0 &&
        sequence.every((n) => Number.isInteger(n) && n >= 1 && n <= STRIP_POOL_SIZE),
    );
  return valid ? booted.sequences : null;
}
