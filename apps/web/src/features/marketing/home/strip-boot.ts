import { GAP, ITEM_WIDTH, MAX_PRELOAD, STRIP_POOL_SIZE, STRIPS } from './strip-images';

/**
 * The strips' images are chosen at random in the browser, so the prerendered
 * HTML cannot name them. This script, inline in the home page's HTML, makes the
 * choice while the page is parsed and preloads those images at once (the ones
 * on screen first with high priority), instead of after the scripts have loaded
 * and the page has gone idle; `ImageStrips` then takes the same choice. It is
 * plain ES5 because it runs before any bundle and is allowed by the server's CSP
 * by its hash; the choice follows `chooseSequences` in strip-images.ts (the
 * tests run both against the same rules).
 */
export const STRIP_BOOT_SCRIPT = `(function(){try{var w=window.innerWidth,P=${STRIP_POOL_SIZE},W=${ITEM_WIDTH},G=${GAP},M=${MAX_PRELOAD},S=${JSON.stringify(
  STRIPS.map((s) => [s.prebufferVw, s.maxImages]),
)},out=[],seen={},n=0;function pick(c){var p=[],r,i,j,t;while(p.length<c){r=[];for(i=1;i<=P;i++)r.push(i);for(i=r.length-1;i>0;i--){j=Math.floor(Math.random()*(i+1));t=r[i];r[i]=r[j];r[j]=t}if(P>1&&r[0]===p[p.length-1])r.push(r.shift());p.push.apply(p,r.slice(0,c-p.length))}return p}for(var s=0;s<S.length;s++){var pre=S[s][0]*w,q=pick(Math.max(1,Math.min(S[s][1],Math.ceil((w+200+pre)/(W+G)))));out.push(q);for(var k=0;k<q.length;k++){var id=q[k];if(seen[id]||n>=M)continue;seen[id]=1;n++;var l=document.createElement('link');l.setAttribute('rel','preload');l.setAttribute('as','image');l.setAttribute('href','/images/strips/'+(id<10?'0':'')+id+'.webp');if(k*(W+G)<pre+w&&k*(W+G)+W>pre)l.setAttribute('fetchpriority','high');document.head.appendChild(l)}}window.__studioStrips={width:w,sequences:out}}catch(e){}})();`;

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
